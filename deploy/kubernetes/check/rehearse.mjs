// node rehearse.mjs DOCKSIDE — the distributed run of deploy/kubernetes rehearsed on one machine, without
// a cluster: the manifests rendered as kustomize would (with a run's parameters), a `dockside serve` as
// the target, then every pod of the shard Job as a process with the environment Kubernetes would give it
// (its ConfigMaps, JOB_COMPLETION_INDEX, the Secret and the results volume as local folders), then the
// merge Job's own command. Checks, with N = 4 shards:
//  - the merged requests are the sum of the shards' and the rate × duration asked for, one verdict (exit 0)
//    given by the merge, none by a shard;
//  - a threshold crossed on the merged result although no single shard's figures cross it: exit 1;
//  - a shard missing from the volume: exit 2, naming its index; a pod started after START_AT refuses to
//    send (exit 2, naming --start-at).
// KEEP=1 keeps the work folder (logs, the volume's run folders); a failed rehearsal always keeps it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { find, readEnvFile, render } from "./lib/render.mjs";
import { folder, podProcess, run } from "./lib/pod.mjs";

const dockside = path.resolve(process.argv[2] ?? "");
if (!fs.existsSync(dockside)) {
  console.error("usage: node rehearse.mjs PATH_TO_DOCKSIDE");
  process.exit(2);
}
const manifests = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dockside-rehearsal-"));
const token = "rehearsal-pat";
const SHARDS = 4, RATE = 80, SECONDS = 2;
// Enough for four processes to check the target and build their plans on a busy 2-core machine.
const LEAD_MS = 15000;

function startServer() {
  return new Promise((resolve, reject) => {
    const server = spawn(dockside, ["serve", "--port", "0", "--pat", token], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`dockside serve printed no address: ${out}`)), 30000);
    server.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ server, url: m[1] });
      }
    });
    server.on("exit", (code) => reject(new Error(`dockside serve exited ${code}: ${out}`)));
  });
}

const summaryOf = (dir) => JSON.parse(fs.readFileSync(path.join(dir, "summary.json"), "utf8"));

/** Renders the manifests with `params` over params.env and a fresh start instant; runs every shard pod. */
async function runShards(name, url, params) {
  const load = { ...readEnvFile(path.join(manifests, "params.env")), TARGET_URL: url, RATE: String(RATE),
    DURATION: `${SECONDS}s`, WARMUP: "0s", SHARDS: String(SHARDS), CONNECTIONS: "2", THREADS: "1", ...params };
  const startAt = new Date(Date.now() + LEAD_MS).toISOString().replace(/\.\d+Z$/, "Z");
  const objects = render(manifests, { "dockside-load": load, "dockside-run": { START_AT: startAt, RUN_ID: name } });
  const job = find(objects, "Job", "dockside-load");
  assert.equal(job.spec.completions, SHARDS, "completions follow SHARDS");
  const volumes = { claims: { "dockside-results": folder(work, "volume") }, secrets: { "dockside-target": folder(work, "secret") } };
  fs.writeFileSync(path.join(volumes.secrets["dockside-target"], "token"), token + "\n");
  const pods = [];
  for (let index = 0; index < job.spec.completions; ++index)
    pods.push(run(dockside, podProcess(job, objects, { index, volumes }), { log: path.join(work, `${name}-shard-${index}.log`) }));
  const exits = await Promise.all(pods);
  const shardsDir = path.join(volumes.claims["dockside-results"], name, "shards");
  return { objects, volumes, exits, shardsDir, job };
}

async function runMerge(objects, volumes, name) {
  const merge = find(objects, "Job", "dockside-merge");
  return run(dockside, podProcess(merge, objects, { index: 0, volumes }), { log: path.join(work, `${name}-merge.log`) });
}

const { server, url } = await startServer();
let failed = false;
try {
  // 1. A run that holds its thresholds: one verdict, the merge's, on the sum of exactly what was asked for.
  const held = await runShards("held", url, { MIX: "listLocations", THRESHOLD_LATENCY: "p99<5s", THRESHOLD_ERRORS: "errors<1%" });
  held.exits.forEach((e, i) => assert.equal(e.code, 0, `shard ${i} exited ${e.code}:\n${e.output}`));
  const shards = [...Array(SHARDS).keys()].map((i) => summaryOf(path.join(held.shardsDir, String(i))));
  shards.forEach((s, i) => {
    assert.deepEqual(s.configuration.shard, { index: i, count: SHARDS, from: "JOB_COMPLETION_INDEX" });
    assert.deepEqual(s.thresholds, [], "a shard judges no threshold: the merge does, once");
  });
  const verdict = await runMerge(held.objects, held.volumes, "held");
  assert.equal(verdict.code, 0, `merge exited ${verdict.code}:\n${verdict.output}`);
  const merged = summaryOf(path.join(held.volumes.claims["dockside-results"], "held", "merged"));
  const sum = shards.reduce((n, s) => n + s.requests, 0);
  assert.equal(merged.requests, sum, "merged requests = the sum of the shards'");
  assert.equal(merged.requested, RATE * SECONDS, "the shards' schedules add up to rate × duration");
  // The documented tolerance: rate>=0.99 (achieved ÷ requested), judged by the merge itself.
  assert.ok(Math.abs(merged.requests - RATE * SECONDS) <= 0.01 * RATE * SECONDS, `${merged.requests} requests, asked ${RATE * SECONDS}`);
  assert.equal(merged.thresholds.length, 3, "the three thresholds of params.env, judged on the merged result");
  assert.ok(merged.thresholds.every((t) => t.passed));
  assert.deepEqual(merged.shards.map((s) => s.index), [0, 1, 2, 3]);
  assert.ok(merged.shards.every((s) => typeof s.host === "string" && s.measured_start_at === merged.measured_start_at));
  console.log(`rehearsal: held: ${SHARDS} shards, ${merged.requests} requests (asked ${RATE * SECONDS}), merge exit 0`);

  // 2. A pod that comes up after START_AT (a retry, a slow pull) refuses to send a late share.
  const late = await run(dockside, podProcess(held.job, held.objects, { index: 1, volumes: held.volumes }));
  assert.equal(late.code, 2, `a late pod exited ${late.code}:\n${late.output}`);
  assert.match(late.output, /--start-at/);
  assert.match(late.output, /in the past/);

  // 3. A shard's folder lost: the merge names the index instead of judging three quarters of the load.
  fs.renameSync(path.join(held.shardsDir, "2"), path.join(work, "shard-2-set-aside"));
  const incomplete = await runMerge(held.objects, held.volumes, "held-incomplete");
  assert.equal(incomplete.code, 2, `merge without shard 2 exited ${incomplete.code}:\n${incomplete.output}`);
  assert.match(incomplete.output, /shard 2 of 4 is missing/);
  console.log("rehearsal: a late pod and a missing shard: exit 2, named");

  // 4. Half the requests answer 404: each shard has at most 40 errors, the sum about 80. errors<50
  //    holds for every shard alone and is crossed by the run: the verdict is 1, given once.
  const LIMIT = 50;
  const crossed = await runShards("crossed", url, {
    MIX: "listLocations:1,GET /2025-07/order/999999999:1", THRESHOLD_LATENCY: "p99<5s", THRESHOLD_ERRORS: `errors<${LIMIT}`,
  });
  crossed.exits.forEach((e, i) => assert.equal(e.code, 0, `shard ${i} exited ${e.code}:\n${e.output}`));
  const crossedShards = [...Array(SHARDS).keys()].map((i) => summaryOf(path.join(crossed.shardsDir, String(i))));
  crossedShards.forEach((s, i) => assert.ok(s.errors < LIMIT, `shard ${i} alone has ${s.errors} errors, not below ${LIMIT}`));
  const crossedVerdict = await runMerge(crossed.objects, crossed.volumes, "crossed");
  assert.equal(crossedVerdict.code, 1, `merge exited ${crossedVerdict.code}:\n${crossedVerdict.output}`);
  const crossedMerged = summaryOf(path.join(crossed.volumes.claims["dockside-results"], "crossed", "merged"));
  assert.equal(crossedMerged.errors, crossedShards.reduce((n, s) => n + s.errors, 0));
  assert.ok(crossedMerged.errors >= LIMIT);
  assert.deepEqual(crossedMerged.thresholds.filter((t) => !t.passed).map((t) => t.expression), [`errors<${LIMIT}`]);
  console.log(`rehearsal: crossed: shards' errors ${crossedShards.map((s) => s.errors).join(", ")} each below ${LIMIT}, ` +
    `${crossedMerged.errors} together: merge exit 1`);
} catch (e) {
  failed = true;
  console.error(`rehearsal failed: ${e.message}\n(logs and results in ${work})`);
} finally {
  server.kill("SIGTERM");
}
if (!failed && !process.env.KEEP) fs.rmSync(work, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
