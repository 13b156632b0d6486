// The format oracle: hdr-histogram-js, the HdrHistogram project's JavaScript port, reads what
// Dockside wrote and writes what Dockside must read.
//
//   node oracle.mjs check-dockside DIR [EXPECTED.json]  decode every interval of DIR/dockside.hlog, compare
//                                                       with Dockside's figures and .hgrm text, re-encode
//                                                       each one into DIR/js-reencoded.json
//   node oracle.mjs write-js DIR                        record histograms, write DIR/js.hlog and
//                                                       DIR/js-expected.json (figures, encodings)
//   node oracle.mjs check-reencoded DIR                 decode DIR/dockside-reencoded.json (Dockside's
//                                                       encoding of js.hlog) and compare with the originals
//
// Exit 0 when everything agrees, 1 with one line per disagreement otherwise, 2 on bad usage.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import hdr from "hdr-histogram-js";

const NO_TAG = "NO TAG";
const PERCENTILES = [0, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 99.999, 100];
const START_TIME_MS = 1751328000000;

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

function readLog(path) {
  const reader = new hdr.HistogramLogReader(readFileSync(path, "utf8"), 64);
  const intervals = [];
  for (let h = reader.nextIntervalHistogram(); h !== null; h = reader.nextIntervalHistogram()) intervals.push(h);
  return intervals;
}

function sameCounts(a, b) {
  if (a.countsArrayLength !== b.countsArrayLength || a.totalCount !== b.totalCount) return false;
  for (let i = 0; i < a.countsArrayLength; i++) if (a.getCountAtIndex(i) !== b.getCountAtIndex(i)) return false;
  return true;
}

function compareLines(problems, where, actual, expected) {
  const a = actual.split("\n");
  const e = expected.split("\n");
  for (let i = 0; i < Math.max(a.length, e.length); i++) {
    if (a[i] !== e[i]) {
      problems.push(`${where} line ${i + 1}: hdr-histogram-js prints ${JSON.stringify(a[i])}, Dockside ${JSON.stringify(e[i])}`);
      return;
    }
  }
}

function checkDockside(dir, expectedName = "dockside-expected.json") {
  const expected = readJson(join(dir, expectedName));
  const intervals = readLog(join(dir, "dockside.hlog"));
  const problems = [];
  if (intervals.length !== expected.intervals.length)
    problems.push(`dockside.hlog: hdr-histogram-js read ${intervals.length} intervals, Dockside wrote ${expected.intervals.length}`);
  const reencoded = [];
  intervals.forEach((h, i) => {
    const e = expected.intervals[i];
    if (!e) return;
    const where = `interval ${i + 1} (${e.tag || "untagged"})`;
    const expect = (what, actual, wanted) => {
      if (actual !== wanted) problems.push(`${where}: ${what} is ${actual} for hdr-histogram-js, ${wanted} for Dockside`);
    };
    expect("tag", h.tag === NO_TAG ? "" : h.tag, e.tag);
    expect("total count", h.totalCount, e.total_count);
    expect("max", h.maxValue, e.max);
    expect("mean", h.mean, e.mean);
    expect("start (ms)", Math.round(h.startTimeStampMsec), e.start_ms);
    expect("end (ms)", Math.round(h.endTimeStampMsec), e.end_ms);
    for (const [p, value] of e.percentiles) expect(`p${p}`, h.getValueAtPercentile(p), value);
    compareLines(problems, `${where} .hgrm`, h.outputPercentileDistribution(5, 1000), readFileSync(join(dir, e.hgrm), "utf8"));
    reencoded.push(hdr.encodeIntoCompressedBase64(h));
  });
  writeFileSync(join(dir, "js-reencoded.json"), JSON.stringify({ intervals: reencoded }, null, 1));
  return problems;
}

// A small seeded generator (mulberry32) so the JS side writes the same log every run.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function jsHistograms() {
  const next = random(20250701);
  const make = (tag) => {
    const h = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 3600000000, numberOfSignificantValueDigits: 3, bitBucketSize: 64 });
    if (tag) h.tag = tag;
    return h;
  };
  const exponential = (mean) => Math.max(0, Math.round(-Math.log(1 - next()) * mean));
  const reads = make("getOrder");
  for (let i = 0; i < 20000; i++) reads.recordValue(exponential(900));
  const writes = make("createOrder");
  for (let i = 0; i < 3000; i++) writes.recordValue(exponential(4000) + 1500);
  writes.recordValueWithCount(1000000, 12);
  const tail = make("");
  for (let i = 0; i < 500; i++) tail.recordValue(Math.round(Math.exp(next() * Math.log(3.6e9))));
  const empty = make("getOrder");
  return [reads, writes, tail, empty];
}

function writeJs(dir) {
  let log = "";
  const writer = new hdr.HistogramLogWriter((text) => { log += text; });
  writer.outputLogFormatVersion();
  writer.outputStartTime(START_TIME_MS);
  writer.outputLegend();
  const expected = [];
  jsHistograms().forEach((h, i) => {
    const start = Math.floor(i / 2);
    writer.outputIntervalHistogram(h, start, start + 1);
    expected.push({
      tag: h.tag === NO_TAG ? "" : h.tag,
      start_ms: START_TIME_MS + start * 1000,
      total_count: h.totalCount,
      max_highest_equivalent: h.totalCount === 0 ? 0 : h.highestEquivalentValue(h.maxValue),
      mean: h.mean,
      percentiles: PERCENTILES.map((p) => [p, h.getValueAtPercentile(p)]),
      encoded: hdr.encodeIntoCompressedBase64(h),
    });
  });
  writeFileSync(join(dir, "js.hlog"), log);
  writeFileSync(join(dir, "js-expected.json"), JSON.stringify({ intervals: expected }, null, 1));
  return [];
}

function checkReencoded(dir) {
  const originals = jsHistograms();
  const reencoded = readJson(join(dir, "dockside-reencoded.json")).intervals;
  const problems = [];
  if (reencoded.length !== originals.length)
    problems.push(`dockside-reencoded.json holds ${reencoded.length} histograms, hdr-histogram-js wrote ${originals.length}`);
  reencoded.forEach((text, i) => {
    const back = hdr.decodeFromCompressedBase64(text, 64);
    if (!originals[i] || !sameCounts(back, originals[i]))
      problems.push(`histogram ${i + 1}: Dockside's re-encoding decodes to different counts (total ${back.totalCount}, expected ${originals[i]?.totalCount})`);
  });
  return problems;
}

const [command, dir, extra] = process.argv.slice(2);
const commands = { "check-dockside": checkDockside, "write-js": writeJs, "check-reencoded": checkReencoded };
if (!commands[command] || !dir) {
  console.error("usage: node oracle.mjs (check-dockside DIR [EXPECTED.json] | write-js DIR | check-reencoded DIR)");
  process.exit(2);
}
const problems = commands[command](dir, extra);
for (const problem of problems) console.error(problem);
console.log(`${command}: ${problems.length === 0 ? "hdr-histogram-js agrees" : `${problems.length} disagreement(s)`}`);
process.exit(problems.length === 0 ? 0 : 1);
