// Opens each `dockside report` page in Debian's headless chromium (puppeteer-core pointed at it) and
// fails when the page logs a console error or an uncaught exception, makes any request besides its own
// file, or draws nothing; checks that figures on the page are the records' own; keeps a 1280 px screenshot
// and a printed PDF of each beside SHOTS_DIR.
//
//   node check_pages.mjs SHOTS_DIR page.html [page.html …]
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import puppeteer from "puppeteer-core";

const [shots, ...pages] = process.argv.slice(2);
if (!shots || pages.length === 0) {
  console.error("usage: node check_pages.mjs SHOTS_DIR page.html [page.html …]");
  process.exit(2);
}
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
fs.mkdirSync(shots, { recursive: true });

const browser = await puppeteer.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-dev-shm-usage"],
});
let failures = 0;
const fail = (page, what) => { failures++; console.error(`FAIL ${page}: ${what}`); };

for (const file of pages) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const own = pathToFileURL(path.resolve(file)).href;
  const problems = [];
  page.on("console", m => { if (m.type() === "error") problems.push("console error: " + m.text()); });
  page.on("pageerror", e => problems.push("uncaught: " + e.message));
  await page.setRequestInterception(true);
  page.on("request", r => {
    if (r.url() === own) return r.continue();
    problems.push("request: " + r.url());
    r.abort();
  });
  await page.goto(own, { waitUntil: "load" });
  const seen = await page.evaluate(() => {
    const data = JSON.parse(document.getElementById("dockside-data").textContent);
    return {
      data,
      h2: document.querySelectorAll("h2").length,
      charts: document.querySelectorAll("figure.chart svg").length,
      captions: [...document.querySelectorAll("figure.chart")].map(f => ({
        title: f.querySelector("figcaption").textContent,
        lines: [...f.querySelectorAll("text.threshold-label")].map(t => t.getAttribute("data-threshold")),
        marks: f.querySelectorAll("svg path.series, svg circle, svg rect.bar").length,
      })),
      banner: [...document.querySelectorAll(".banner")].map(b => b.textContent),
      text: document.getElementById("report").innerText,
    };
  });
  for (const p of problems) fail(file, p);
  if (seen.h2 !== seen.data.runs.length) fail(file, `${seen.h2} sections for ${seen.data.runs.length} runs`);
  // Figures the page shows are the records' own.
  for (const run of seen.data.runs) {
    if (run.kind === "load") {
      const s = run.summary;
      const expect = [`${Number(s.requests).toLocaleString("en-US")} requests`, Number(s.latency_ms.p99).toFixed(3) + " ms"];
      for (const e of expect) if (!seen.text.includes(e)) fail(file, `load figure "${e}" not on the page`);
      if (seen.charts < 3) fail(file, `only ${seen.charts} charts for a load run`);
      // Every chart draws something, even for a run of one second.
      for (const c of seen.captions) if (!c.marks) fail(file, `chart "${c.title}" draws no data`);
      if (run.errors && run.errors.all && !seen.captions.some(c => c.title.startsWith("Errors by class over time")))
        fail(file, "errors by class over time not drawn");
      // A latency threshold of all operations is a line on the percentile and the over-time charts; an
      // error-rate threshold on the errors chart.
      for (const t of s.thresholds || []) {
        if (t.operation) continue;
        const on = title => seen.captions.filter(c => c.title.startsWith(title) && c.lines.includes(t.expression)).length;
        if (/^p[0-9.]+ latency$/.test(t.metric) && (!on("Latency by percentile") || (run.series.all && !on("Latency over time"))))
          fail(file, `threshold ${t.expression} not drawn on the latency charts`);
        if (t.metric === "error ratio" && run.errors && run.errors.all && !on("Errors by class over time"))
          fail(file, `threshold ${t.expression} not drawn on the errors chart`);
      }
    }
    if (run.kind === "conform") {
      const sum = run.results.summary;
      if (!seen.text.includes(`${sum.failed} tests failed, ${sum.distinct_findings} distinct findings`))
        fail(file, "conformance counts not on the page");
      // Each finding's replay command, as the record holds it, is on the page to copy (folded accepted ones aside).
      for (const t of run.results.tests || []) for (const f of t.findings || [])
        if (f.replay && !f.accepted && !seen.text.includes(f.replay)) fail(file, `replay command of ${t.name} not on the page`);
      for (const stale of (run.results.accept && run.results.accept.stale) || [])
        if (!seen.text.includes(stale.key)) fail(file, `stale accept entry ${stale.key} not on the page`);
      // The schema phase's table, read back from the record: its heading and every operation it covers.
      const phase = run.results.schema_phase;
      if (phase && !seen.text.includes(`Schema phase (${phase.operations.length} operations`)) fail(file, "schema phase table not on the page");
      for (const row of (phase && phase.operations) || [])
        if (!seen.text.includes(row.operation)) fail(file, `schema phase row ${row.operation} not on the page`);
    }
    if (run.kind === "compare" && !seen.banner.some(b => b.includes(`exit ${run.comparison.exit_code}`)))
      fail(file, "comparison verdict not on the page");
    // A difference of two targets: its verdict, and each difference's operation and first exchange.
    if (run.kind === "diff") {
      const d = run.difference;
      if (!seen.banner.some(b => b.includes(`exit ${d.differs ? 1 : 0}`))) fail(file, "difference verdict not on the page");
      for (const g of d.differences) if (!seen.text.includes(g.example)) fail(file, `difference ${g.operation} ${g.path} not on the page`);
    }
  }
  const base = path.basename(file, ".html");
  const name = base === "report" ? path.basename(path.dirname(path.resolve(file))) + "-report" : base;
  await page.screenshot({ path: path.join(shots, name + ".png"), fullPage: true });
  await page.emulateMediaType("print");
  await page.pdf({ path: path.join(shots, name + ".pdf"), format: "A4", printBackground: true });
  console.log(`ok ${file}: ${seen.data.runs.length} run(s), ${seen.charts} charts, no console error, no request -> ${name}.png`);
  await page.close();
}
await browser.close();
process.exit(failures ? 1 : 0);
