// Dockside report: draws the tables and SVG charts of the runs whose records are embedded in this page
// (the dockside-data element). Plain DOM and SVG, no library, no request: every number shown is read
// from the embedded records as they were written.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("dockside-data").textContent);
  const root = document.getElementById("report");
  root.textContent = "";
  const SVG = "http://www.w3.org/2000/svg";

  // ---- elements -------------------------------------------------------------------------------------
  function add(node, children) {
    for (const c of children.flat(Infinity)) {
      if (c === null || c === undefined || c === false) continue;
      node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return node;
  }
  function h(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) node.setAttribute(k, v);
    return add(node, children);
  }
  function s(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) node.setAttribute(k, v);
    return add(node, children);
  }
  function table(headers, rows, numeric) {
    numeric = numeric || [];
    return h("table", {},
      h("thead", {}, h("tr", {}, headers.map((x, i) => h("th", { class: numeric.includes(i) ? "num" : null }, x)))),
      h("tbody", {}, rows.map(r => h("tr", {}, r.map((x, i) =>
        x instanceof Node ? h("td", {}, x) : h("td", { class: numeric.includes(i) ? "num" + (x === 0 || x === "0" ? " zero" : "") : null }, x))))));
  }
  function copyable(text, label) {
    const pre = h("pre", {}, text);
    const button = h("button", { type: "button", title: "Copy to the clipboard" }, "copy");
    button.addEventListener("click", () => copy(text, button));
    return h("div", {}, h("div", { class: "label" }, label), h("div", { class: "copyable" }, pre, button));
  }
  function copy(text, button) {
    const done = () => { button.textContent = "copied"; setTimeout(() => (button.textContent = "copy"), 1500); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text) && done());
    } else if (fallbackCopy(text)) done();
  }
  function fallbackCopy(text) {
    const area = h("textarea", { style: "position:fixed;left:-9999px" });
    area.value = text;
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
    return ok;
  }

  // ---- numbers ----------------------------------------------------------------------------------------
  const fmt = {
    ms: v => (v === null || v === undefined ? "—" : Number(v).toFixed(3) + " ms"),
    n: v => (v === null || v === undefined ? "—" : Number(v).toLocaleString("en-US")),
    rate: v => (v === null || v === undefined ? "—" : Number(v).toFixed(1) + "/s"),
    pct: v => (v === null || v === undefined ? "—" : (Number(v) * 100).toFixed(3) + "%"),
    s: v => (v === null || v === undefined ? "—" : Number(v).toFixed(1) + " s"),
  };
  function niceStep(span, ticks) {
    const raw = span / Math.max(1, ticks);
    const mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const norm = raw / mag;
    return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
  }
  function tickLabel(v) {
    const a = Math.abs(v);
    if (a === 0) return "0";
    if (a >= 1000) return v.toLocaleString("en-US", { maximumFractionDigits: 0 });
    if (a >= 10) return v.toFixed(0);
    if (a >= 1) return v.toFixed(1).replace(/\.0$/, "");
    return v.toPrecision(2).replace(/0+$/, "").replace(/\.$/, "");
  }
  // A limit written as "< 50ms" / "<= 1.5s" / "< 250us" in milliseconds; null when it is no duration.
  function limitMs(text) {
    const m = /([0-9]*\.?[0-9]+)\s*(us|µs|ms|s|m)\b/.exec(text || "");
    if (!m) return null;
    const v = parseFloat(m[1]);
    return { us: v / 1000, "µs": v / 1000, ms: v, s: v * 1000, m: v * 60000 }[m[2]];
  }

  // A limit written as "< 0.1%" / ">= 99%" as a number of percent; null when it is no percentage.
  function limitPct(text) {
    const m = /([0-9]*\.?[0-9]+)\s*%/.exec(text || "");
    return m ? parseFloat(m[1]) : null;
  }

  // ---- charts -----------------------------------------------------------------------------------------
  // The percentile axis of HdrHistogram's plots: position -log10(1 - p), so 90, 99, 99.9 … are equally spaced.
  const percentileAxis = {
    pos: p => -Math.log10(Math.max(1 - p / 100, 1e-6)),
    ticks: max => [0, 90, 99, 99.9, 99.99, 99.999].filter(p => -Math.log10(1 - p / 100) <= max + 1e-9),
    label: p => p + "%",
  };
  // opts: {title, xLabel, yLabel, x: "linear" | "percentile", series: [{name, points: [[x, y]], threshold}],
  //        lines: [{y, label}], width, height, bars: bool, yMin, xMin, xMax}
  // A series with `threshold` is a limit that is not one value (a share of a rate that ramps): drawn dashed
  // like the horizontal threshold lines.
  function chart(opts) {
    const W = opts.width || 600, H = opts.height || 280, L = 62, R = 16, T = 10, B = 44;
    const series = opts.series.filter(x => x.points && x.points.length);
    const xs = [], ys = [];
    for (const sr of series) for (const [x, y] of sr.points) { xs.push(opts.x === "percentile" ? percentileAxis.pos(x) : x); ys.push(y); }
    // A limit far above the data (p99<500ms over latencies of 5 ms) would flatten the data against the axis:
    // it stays off the scale and is named at the top of the chart instead.
    const dataMax = ys.length ? Math.max(...ys) : 0;
    const limits = opts.lines || [];
    const offScale = l => dataMax > 0 && l.y > 3 * dataMax;
    for (const l of limits) if (!offScale(l)) ys.push(l.y);
    for (const edge of [opts.xMin, opts.xMax]) if (edge !== undefined) xs.push(edge);
    let x0 = opts.x === "percentile" ? 0 : Math.min(...xs), x1 = Math.max(...xs);
    if (opts.x === "percentile") x1 = Math.max(2, Math.ceil(x1));
    if (!(x1 > x0)) x1 = x0 + 1;  // a single point (a run of one second) still gets an axis, from its own start
    let y0 = opts.yMin !== undefined ? opts.yMin : 0, y1 = Math.max(...ys, y0);
    if (!(y1 > y0)) y1 = y0 + 1;  // nothing above zero (no error at all): an axis of one unit, not of 1e-9
    const ystep = niceStep(y1 - y0, 5);
    y1 = Math.ceil(y1 / ystep) * ystep * (Math.max(...ys) >= Math.ceil(y1 / ystep) * ystep ? 1.05 : 1);
    const px = x => L + (x - x0) / (x1 - x0) * (W - L - R);
    const py = y => H - B - (y - y0) / (y1 - y0) * (H - T - B);
    const svg = s("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": opts.title });
    for (let y = y0; y <= y1 + 1e-9; y += ystep) {
      svg.appendChild(s("line", { class: "grid", x1: L, x2: W - R, y1: py(y), y2: py(y) }));
      svg.appendChild(s("text", { x: L - 6, y: py(y) + 4, "text-anchor": "end" }, tickLabel(y)));
    }
    const xticks = opts.x === "percentile" ? percentileAxis.ticks(x1).map(p => [percentileAxis.pos(p), percentileAxis.label(p)])
      : (() => { const st = niceStep(x1 - x0, 8), out = []; for (let v = Math.ceil(x0 / st) * st; v <= x1 + 1e-9; v += st) out.push([v, tickLabel(v)]); return out; })();
    for (const [x, label] of xticks) {
      svg.appendChild(s("line", { class: "grid", x1: px(x), x2: px(x), y1: T, y2: H - B }));
      svg.appendChild(s("text", { x: px(x), y: H - B + 15, "text-anchor": "middle" }, label));
    }
    svg.appendChild(s("line", { class: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B }));
    svg.appendChild(s("line", { class: "axis", x1: L, x2: L, y1: T, y2: H - B }));
    svg.appendChild(s("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle" }, opts.xLabel));
    svg.appendChild(s("text", { x: 12, y: (T + H - B) / 2, "text-anchor": "middle", transform: `rotate(-90 12 ${(T + H - B) / 2})` }, opts.yLabel));
    series.forEach((sr, i) => {
      const cls = sr.threshold ? "threshold" : "s" + (sr.colour !== undefined ? sr.colour : i % 6);
      const pts = sr.points.map(([x, y]) => [px(opts.x === "percentile" ? percentileAxis.pos(x) : x), py(y)]);
      if (opts.bars) {
        const w = Math.max(2, (W - L - R) / Math.max(1, pts.length) * 0.7);
        for (const [x, y] of pts) svg.appendChild(s("rect", { class: "bar " + cls, x: x - w / 2, y, width: w, height: Math.max(0, H - B - y) }));
        return;
      }
      if (pts.length > 1) svg.appendChild(s("path", { class: "series " + cls, d: "M" + pts.map(p => p.join(",")).join("L") }));
      if (pts.length <= 3) for (const [x, y] of pts) svg.appendChild(s("circle", { class: cls, cx: x, cy: y, r: 3 }));
    });
    let above = 0;
    for (const l of limits) {
      if (offScale(l)) {
        svg.appendChild(s("text", { class: "threshold-label", "data-threshold": l.label, x: W - R - 4, y: T + 12 + 13 * above++, "text-anchor": "end" },
          `↑ ${l.label}: ${tickLabel(l.y)}, above the scale`));
        continue;
      }
      svg.appendChild(s("line", { class: "threshold", x1: L, x2: W - R, y1: py(l.y), y2: py(l.y) }));
      svg.appendChild(s("text", { class: "threshold-label", "data-threshold": l.label, x: W - R - 4, y: py(l.y) - 4, "text-anchor": "end" }, l.label));
    }
    const legend = h("div", { class: "legend" },
      series.map((sr, i) => [h("i", { class: sr.threshold ? "threshold" : "s" + (sr.colour !== undefined ? sr.colour : i % 6) }), sr.name]),
      (opts.lines || []).length ? [h("i", { class: "threshold" }), "threshold"] : null);
    return h("figure", { class: "chart" }, h("figcaption", {}, opts.title), legend, svg);
  }

  // ---- conformance ------------------------------------------------------------------------------------
  const STATUSES = ["passed", "failed", "blocked", "skipped", "accepted", "timed_out", "interrupted"];
  function conformView(run, id) {
    const r = run.results, sum = r.summary || {};
    const failed = (sum.failed || 0) + (sum.blocked || 0) + (sum.timed_out || 0) + (sum.interrupted || 0) > 0;
    const verdict = r.interrupted ? "interrupted" : failed ? "failed" : "passed";
    const out = [h("h2", { id }, "Conformance — " + run.path)];
    out.push(h("div", { class: "banner " + verdict }, verdict.toUpperCase() + (r.interrupted ? " by " + r.interrupted : ""),
      h("span", { class: "detail" }, `${fmt.n(sum.failed)} tests failed, ${fmt.n(sum.distinct_findings)} distinct findings, ` +
        `${fmt.n(sum.blocked)} blocked, ${fmt.n(sum.timed_out)} timed out · ${fmt.n(sum.passed)} passed · ${fmt.n(sum.skipped)} skipped · ` +
        `${fmt.n(sum.accepted)} accepted · ${fmt.n(sum.not_run)} not run · ${fmt.n(sum.total)} in all`)));
    out.push(h("div", { class: "meta" }, h("span", {}, "target " + r.target), h("span", {}, "profile " + r.profile),
      r.spec_version ? h("span", {}, "API " + r.spec_version) : null, h("span", {}, "seed " + r.seed), h("span", {}, "started " + r.started_at),
      h("span", {}, fmt.s(r.duration_seconds)), (r.faults || []).length ? h("span", {}, "faults " + r.faults.join(", ")) : null));
    const tests = r.tests || [];
    const groups = new Map();
    for (const t of tests) for (const f of t.findings || []) {
      const key = f.rule + " · " + (f.operation || "(no operation)");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push({ test: t, finding: f });
    }
    out.push(h("h3", {}, `Findings by cause (${groups.size})`));
    if (!groups.size) out.push(h("p", { class: "note" }, "No findings."));
    for (const [key, items] of [...groups.entries()].sort()) {
      const allAccepted = items.every(x => x.finding.accepted);
      out.push(h("details", { class: "finding-group", open: allAccepted ? null : "" },
        h("summary", {}, h("span", { class: "rule" }, key), " — " + items[0].finding.title + ` (${items.length} test${items.length === 1 ? "" : "s"}` +
          (allAccepted ? ", accepted" : "") + ")"),
        items.map(({ test, finding }) => findingView(test, finding))));
    }
    const stale = (r.accept && r.accept.stale) || [];
    if (stale.length) {
      out.push(h("h3", {}, `Accepted findings that no longer occur (${stale.length})`));
      out.push(table(["accept file entry", "why it is stale"], stale.map(x => [x.key, x.why])));
      out.push(h("p", { class: "note" }, `The accept file ${r.accept.file} still lists them; `,
        h("code", {}, `dockside conform --accept ${r.accept.file} --write-accept ${r.accept.file}`), " rewrites it without them."));
    }
    const notRun = tests.filter(t => ["skipped", "blocked", "timed_out", "interrupted"].includes(t.status));
    out.push(h("h3", {}, `Skipped, blocked and unfinished tests (${notRun.length})`));
    if (notRun.length) out.push(table(["test", "status", "reason"], notRun.map(t => [t.name, h("span", { class: "status-" + t.status }, t.status), t.reason || ""])));
    // Findings first: the matrix is the map to look things up in, folded until asked for.
    const failing = run.matrix.filter(row => ["failed", "blocked", "timed_out", "interrupted"].some(st => row.counts[st]));
    const matrixTable = rows => table(["area", "operation"].concat(STATUSES.map(x => x.replace("_", " "))),
      rows.map(row => [row.area, row.operation].concat(STATUSES.map(st => row.counts[st] || 0))), [2, 3, 4, 5, 6, 7, 8]);
    out.push(h("h3", {}, `Areas and operations with failures (${failing.length})`));
    if (failing.length) out.push(matrixTable(failing));
    out.push(h("details", { class: "matrix" }, h("summary", {}, `Every area and operation (${run.matrix.length} rows)`), matrixTable(run.matrix)));
    if ((run.faults || []).length) {
      out.push(h("h3", {}, "Fault matrix (a self-test: faults switched on in the reference server)"));
      out.push(table(["fault", "rule", "caught", "by tests"], run.faults.map(f =>
        [f.fault, f.rule, h("span", { class: f.caught ? "status-passed" : "status-failed" }, f.caught ? "yes" : "NO"), f.tests.join(", ")])));
    }
    out.push(schemaPhaseView(run));
    return out;
  }
  // The schema phase's table as the record holds it: per operation the requests sent, schema-valid ones and
  // of them those served (below 400), those breaking one constraint, the constraints broken of those planned.
  function schemaPhaseView(run) {
    if (run.schema_phase_error) return h("p", { class: "note" }, "The schema phase's table could not be read: " + run.schema_phase_error);
    const phase = run.schema_phase;
    if (!phase) return null;
    const statuses = st => Object.entries(st || {}).map(([code, n]) => (code === "0" ? "none" : code) + "×" + n).join(" ");
    return [h("h3", {}, `Schema phase (${phase.operations.length} operations, at least ${fmt.n(phase.min_requests)} requests each)`),
      table(["operation", "requests", "valid", "served", "invalid", "constraints", "statuses"], phase.operations.map(r =>
        [r.operation, r.requests, r.positive, r.served === undefined ? "—" : r.served, r.negative,
          `${r.constraints_exercised}/${r.constraints}`, statuses(r.statuses)]), [1, 2, 3, 4]),
      phase.unproven_negatives && phase.unproven_negatives.requests > 0 ? h("p", { class: "note" },
        `${fmt.n(phase.unproven_negatives.requests)} invalid requests went to operations that served none of their valid requests ` +
        `(${phase.unproven_negatives.operations.join(", ")}): their refusals prove nothing of the broken constraint.`) : null,
      phase.operations.some(r => (r.not_exercised || []).length) ? h("details", { class: "matrix" },
        h("summary", {}, "What the phase does not exercise, and why"),
        table(["operation", "not exercised"], phase.operations.flatMap(r => (r.not_exercised || []).map(line => [r.operation, line])))) : null];
  }
  function findingView(test, f) {
    return h("div", { class: "finding" },
      h("div", {}, h("b", {}, test.name), " ", h("span", { class: "status-" + test.status }, test.status),
        f.setup ? h("span", { class: "status-blocked" }, " (setup: " + (f.setup_step || "") + ")") : null,
        f.accepted ? h("span", { class: "status-accepted" }, " accepted") : null,
        f.occurrences > 1 ? h("span", { class: "meta" }, ` seen ${f.occurrences} times`) : null),
      h("div", {}, f.message, f.section ? h("span", { class: "meta" }, " — " + f.section) : null),
      f.status || f.body_excerpt ? [h("div", { class: "label" }, "response " + (f.status || "(none)")), f.body_excerpt ? h("pre", {}, f.body_excerpt) : null] : null,
      (f.violations || []).length ? table(["pointer", "expected", "actual", "rule"], f.violations.map(v => [v.pointer, v.expected, v.actual, v.rule])) : null,
      f.curl ? copyable(f.curl, "request (shell)") : null,
      f.replay ? copyable(f.replay, "replay (seed " + f.seed + ")") : f.seed ? h("div", { class: "label" }, "seed " + f.seed) : null,
      f.shrunk_input ? [h("div", { class: "label" }, "smallest failing input"), h("pre", {}, f.shrunk_input)] : null);
  }

  // ---- load -------------------------------------------------------------------------------------------
  const SERIES_KEYS = ["p50", "p90", "p99", "p99.9", "max"];
  // An interval's figures belong to its whole length: drawn at its middle, so a run of one second has its
  // one point inside the axis, not on its edge.
  const mid = r => r.t + (r.length_s || 1) / 2;
  const end = rows => Math.max(...rows.map(r => r.t + (r.length_s || 1)));
  function thresholdLines(summary, op, what) {
    // `what`: "latency" (percentile and max latency thresholds) or "service".
    const lines = [];
    for (const t of summary.thresholds || []) {
      if ((t.operation || "") !== (op === "all" ? "" : op)) continue;
      const m = /^(p[0-9.]+|max|mean) (latency|service time)$/.exec(t.metric || "");
      if (!m || (m[2] === "latency") !== (what === "latency")) continue;
      const y = limitMs(t.limit);
      if (y !== null) lines.push({ y, label: t.expression, metric: m[1] });
    }
    return lines;
  }
  // Error-rate thresholds (errors<0.1%, rate_limited<1%) in percent of the requests asked for: the unit of
  // the errors-over-time chart. A count (errors<10) is of the whole run and has no place on a per-second axis.
  const ERROR_METRICS = { "error ratio": "errors", "share answered 429 (rate limited)": "rate_limited" };
  function errorLines(summary, op) {
    return (summary.thresholds || []).filter(t => (t.operation || "") === (op === "all" ? "" : op) && ERROR_METRICS[t.metric])
      .map(t => ({ y: limitPct(t.limit), label: t.expression })).filter(l => l.y !== null);
  }
  function throughputLines(summary, op) {
    return (summary.thresholds || []).filter(t => (t.operation || "") === (op === "all" ? "" : op) && t.metric === "requests/s")
      .map(t => ({ y: parseFloat(String(t.limit).replace(/^[<>=\s]+/, "")), label: t.expression })).filter(l => !isNaN(l.y));
  }
  function achievedShare(summary) {
    const t = (summary.thresholds || []).find(x => !x.operation && x.metric === "achieved/requested");
    return t ? { share: limitPct(t.limit) / 100, label: t.expression } : null;
  }
  function intendedRate(summary, seconds) {
    const c = summary.configuration || {}, sch = c.schedule;
    if (!sch || !sch.stages) return [];
    const share = 1 / ((c.shard && c.shard.count) || 1);
    const pts = [[0, sch.start_rate * share]];
    let t = 0, rate = sch.start_rate;
    for (const st of sch.stages) { t += st.duration_s; rate = st.target_rate; pts.push([t, rate * share]); }
    return pts.filter(p => p[0] <= Math.max(seconds, t));
  }
  function loadView(run, id) {
    const sm = run.summary, out = [h("h2", { id }, "Load — " + run.path)];
    const verdict = sm.interrupted ? "interrupted" : sm.outcome.passed ? "passed" : "failed";
    out.push(h("div", { class: "banner " + verdict }, verdict.toUpperCase(),
      h("span", { class: "detail" }, `${fmt.n(sm.requests)} requests in ${fmt.s(sm.duration_s)} (${fmt.rate(sm.requests_per_second)}), ` +
        `${fmt.n(sm.errors)} errors; latency p50 ${fmt.ms(sm.latency_ms.p50)}, p99 ${fmt.ms(sm.latency_ms.p99)}, max ${fmt.ms(sm.latency_ms.max)}` +
        (sm.outcome.reasons.length ? " — " + sm.outcome.reasons.join("; ") : ""))));
    const c = sm.configuration || {};
    out.push(h("div", { class: "meta" }, h("span", {}, sm.model), h("span", {}, "target " + sm.target.base_url + (sm.target.embedded ? " (embedded)" : "")),
      c.schedule ? h("span", {}, c.schedule.description) : null, h("span", {}, "mix " + ((c.mix && c.mix.name) || "")),
      h("span", {}, `${c.connections} connections × ${c.threads} threads`), h("span", {}, "seed " + sm.seed), h("span", {}, "started " + sm.started_at),
      sm.achieved_ratio !== null ? h("span", {}, "achieved " + (sm.achieved_ratio * 100).toFixed(2) + "% of requested") : null));
    if ((sm.thresholds || []).length) {
      out.push(h("h3", {}, "Thresholds"));
      out.push(table(["threshold", "limit", "actual", "margin", "verdict"], sm.thresholds.map(t =>
        [t.expression, t.limit, t.actual, t.margin, h("span", { class: t.passed ? "status-passed" : "status-failed" }, t.passed ? "held" : "CROSSED")])));
    }
    for (const n of run.notes || []) out.push(h("p", { class: "note" }, n));
    out.push(h("h3", {}, "All operations"));
    out.push(h("div", { class: "charts" }, operationCharts(run, "all", true)));
    out.push(h("h3", {}, "Errors by class (whole run)"));
    const classes = run.error_classes || [];
    out.push(classes.length ? table(["class", "count"], classes.map(([k, v]) => [k, fmt.n(v)]), [1]) : h("p", {}, "no errors"));
    const cap = c.capacity && c.capacity.result;
    if (cap) out.push(capacityView(cap));
    out.push(h("h3", {}, "Per operation"));
    out.push(table(["operation", "requests", "per s", "errors", "p50", "p90", "p99", "p99.9", "max", "service p99"],
      sm.operations.map(o => [o.name, fmt.n(o.requests), fmt.rate(o.requests_per_second), fmt.n(o.errors), fmt.ms(o.latency_ms.p50),
        fmt.ms(o.latency_ms.p90), fmt.ms(o.latency_ms.p99), fmt.ms(o.latency_ms["p99.9"]), fmt.ms(o.latency_ms.max), fmt.ms(o.service_time_ms.p99)]),
      [1, 2, 3, 4, 5, 6, 7, 8, 9]));
    for (const o of sm.operations)
      out.push(h("details", { class: "operation" }, h("summary", {}, o.name), h("div", { class: "charts" }, operationCharts(run, o.name, false))));
    return out;
  }
  // Per second: each class's errors as a share of the requests asked for that second (interval-counts.jsonl).
  function errorsChart(run, op, W) {
    const rows = (run.errors || {})[op];
    if (!rows || !rows.length) return null;
    const classes = [...new Set(rows.flatMap(r => Object.keys(r.errors)))].sort();
    const pct = (n, r) => (r.attempted > 0 ? (n / r.attempted) * 100 : 0);
    const all = r => Object.values(r.errors).reduce((a, b) => a + b, 0);
    const palette = [1, 3, 0, 2, 5];
    // With one class, "all errors" would be the same line drawn twice.
    const series = (classes.length === 1 ? [] : [{ name: "all errors", points: rows.map(r => [mid(r), pct(all(r), r)]), colour: 4 }])
      .concat(classes.map((c, i) => ({ name: c, points: rows.map(r => [mid(r), pct(r.errors[c] || 0, r)]), colour: palette[i % palette.length] })));
    return chart({ title: "Errors by class over time (per interval)", xLabel: "seconds", yLabel: "% of requests asked for",
      width: W, series, lines: errorLines(run.summary, op), xMin: 0, xMax: end(rows) });
  }
  function operationCharts(run, op, overall) {
    const sm = run.summary, curves = run.curves[op] || {}, series = run.series[op] || [];
    const W = overall ? 572 : 556;  // two charts side by side at 1280 px
    if (!(curves.latency || []).length && !series.some(r => r.count > 0))
      return [h("p", { class: "note" }, "No answer of this operation was recorded in this run: nothing to draw.")];
    const lat = thresholdLines(sm, op, "latency"), svc = thresholdLines(sm, op, "service");
    const dist = [{ name: "latency (from intended send)", points: curves.latency }, { name: "service time (from actual send)", points: curves.service }];
    if (overall && curves.send_lag) dist.push({ name: "send lag", points: curves.send_lag });
    const out = [chart({ title: "Latency by percentile", xLabel: "percentile", yLabel: "ms", x: "percentile", series: dist,
      lines: lat.concat(svc.map(l => ({ y: l.y, label: l.label + " (service)" }))), width: W })];
    if (series.length) {
      out.push(chart({ title: "Latency over time (per interval of the .hlog)", xLabel: "seconds", yLabel: "ms", width: W,
        series: SERIES_KEYS.map(k => ({ name: k, points: series.filter(r => r.count > 0).map(r => [mid(r), r[k]]) })),
        lines: lat.filter(l => SERIES_KEYS.includes(l.metric)), xMin: 0, xMax: end(series) }));
      const achieved = series.map(r => [mid(r), r.count / (r.length_s || 1)]);
      const rates = [{ name: "achieved (answers per second)", points: achieved, colour: 0 }];
      if (op === "all" && sm.model === "open-loop") {
        const intended = intendedRate(sm, end(series));
        rates.unshift({ name: "intended", points: intended, colour: 5 });
        const share = achievedShare(sm);
        if (share) rates.push({ name: share.label, points: intended.map(([x, y]) => [x, y * share.share]), threshold: true });
      }
      out.push(chart({ title: op === "all" ? "Intended and achieved rate" : "Achieved rate", xLabel: "seconds", yLabel: "requests/s", width: W,
        series: rates, lines: throughputLines(sm, op), xMin: 0, xMax: end(series) }));
      out.push(errorsChart(run, op, W));
      if (overall && !(run.errors || {}).all)
        out.push(h("p", { class: "note" }, "No per-second counts (interval-counts.jsonl) for this run: errors are shown for the whole run only."));
    } else {
      out.push(h("p", { class: "note" }, "No interval log for this run (a merged or capacity run): no charts over time."));
    }
    return out;
  }
  // The SLO of a capacity search as lines on its charts: its latency limits in ms, its error limits in %.
  function sloLines(slo, unit) {
    const lines = [];
    for (const e of slo || []) {
      const m = /^(p[0-9.]+|max|mean|errors|rate_limited)\s*(<=?|>=?)\s*([0-9]*\.?[0-9]+\s*(?:us|µs|ms|s|m|%))$/.exec(e.trim());
      if (!m) continue;
      const y = unit === "ms" ? limitMs(m[3]) : limitPct(m[3]);
      if (y !== null && (unit === "ms") === !/^(errors|rate_limited)$/.test(m[1])) lines.push({ y, label: e });
    }
    return lines;
  }
  function capacityView(cap) {
    const curve = cap.curve || [];
    const pts = k => curve.map(p => [p.rate, p[k]]);
    return [h("h3", {}, "Capacity search"),
      h("div", { class: "banner " + (cap.capacity_rate !== null ? "passed" : "failed") },
        cap.capacity_rate !== null ? `capacity ${fmt.rate(cap.capacity_rate)} within ${cap.slo.join(", ")}` : "no rate tried held the SLO",
        h("span", { class: "detail" }, cap.stopped_because)),
      h("div", { class: "charts" },
        chart({ title: "Achieved rate by requested rate", xLabel: "requested requests/s", yLabel: "achieved requests/s",
          series: [{ name: "achieved", points: pts("achieved_rate") }, { name: "requested", points: curve.map(p => [p.rate, p.rate]), colour: 5 }] }),
        chart({ title: "Latency by requested rate", xLabel: "requested requests/s", yLabel: "ms", lines: sloLines(cap.slo, "ms"),
          series: [{ name: "p50", points: pts("p50_ms") }, { name: "p99", points: pts("p99_ms") }, { name: "p99.9", points: pts("p99.9_ms") }] }),
        chart({ title: "Errors by requested rate", xLabel: "requested requests/s", yLabel: "% of requests", lines: sloLines(cap.slo, "%"),
          series: [{ name: "errors", points: curve.map(p => [p.rate, p.error_ratio * 100]), colour: 4 }] })),
      table(["rate", "achieved", "p50", "p99", "p99.9", "errors", "within SLO"], curve.map(p =>
        [fmt.rate(p.rate), fmt.rate(p.achieved_rate), fmt.ms(p.p50_ms), fmt.ms(p.p99_ms), fmt.ms(p["p99.9_ms"]), fmt.pct(p.error_ratio),
         h("span", { class: p.passed ? "status-passed" : "status-failed" }, p.passed ? "yes" : "no")]), [0, 1, 2, 3, 4, 5])];
  }

  // ---- comparison -------------------------------------------------------------------------------------
  function changeText(m, v) {
    if (v === null || v === undefined) return "—";
    return m.change_kind === "difference" ? (v >= 0 ? "+" : "") + (v * 100).toFixed(3) + "pp" : (v >= 1 ? "+" : "") + ((v - 1) * 100).toFixed(1) + "%";
  }
  function level(confidence) { return +(confidence * 100).toPrecision(4) + "%"; }
  function figure(m, v) { return m.unit === "ms" ? fmt.ms(v) : m.unit === "fraction" ? fmt.pct(v) : fmt.rate(v); }
  function compareView(run, id) {
    const c = run.comparison, out = [h("h2", { id }, "Comparison — " + run.path)];
    const decided = c.verdict === "no_regression" ? "every metric that can fail shown within its threshold" : "";
    out.push(h("div", { class: "banner " + c.verdict }, c.verdict.replace("_", " ").toUpperCase() + ` (exit ${c.exit_code})`,
      h("span", { class: "detail" }, (c.reasons.length ? c.reasons.join("; ") : decided) +
        ` — baseline ${c.baseline.join(", ")}; candidate ${c.candidate.join(", ")}`),
      c.to_decide ? h("span", { class: "detail" }, "to decide: " + c.to_decide) : null));
    for (const p of c.incompatibilities) out.push(h("p", { class: "note" }, (c.settings.force ? "compared anyway (--force): " : "cannot compare: ") + p));
    if (c.conform) {
      const d = c.conform;
      out.push(table(["new", "fixed", "still failing", "not observed", "tests appeared", "tests vanished"],
        [[d.counts.new, d.counts.fixed, d.counts.still_failing, d.counts.not_observed, d.tests_appeared.length, d.tests_vanished.length]], [0, 1, 2, 3, 4, 5]));
      out.push(table(["change", "rule", "operation", "test", "title", "runs (baseline / candidate)"], d.findings.map(f =>
        [h("span", { class: f.change === "new" ? "status-failed" : f.change === "fixed" ? "status-passed" : "status-skipped" }, f.change.replace("_", " ")),
         f.rule, f.operation, f.test, f.title + (f.accepted ? " (accepted)" : ""), `${f.baseline_runs}/${d.baseline_runs} · ${f.candidate_runs}/${d.candidate_runs}`])));
      for (const n of d.notes) out.push(h("p", { class: "note" }, n));
    }
    if (c.load) out.push(loadComparison(c));
    return out;
  }
  function loadComparison(c) {
    const d = c.load, out = [];
    out.push(h("div", { class: "meta" }, h("span", {}, `${d.baseline_runs} baseline run(s) vs ${d.candidate_runs} candidate run(s)`),
      h("span", {}, d.method === "across-runs" ? "across repeats: Welch's t of the runs' log figures" : d.method === "across-pairs" ? "across pairs: signed ranks of each pair's difference of log figures" : "within runs: every request's order statistics, widened by the one-second intervals' dispersion"),
      h("span", {}, `noise ±${(c.settings.noise * 100).toFixed(1)}% (errors ±${(c.settings.noise_errors * 100).toFixed(2)}pp)`),
      h("span", {}, `intervals at ${level(d.confidence)} for the ${d.family} metrics that can fail (Bonferroni)`)));
    out.push(table(["regressed", "same", "improved", "inconclusive", "failing"],
      [[d.counts.regressed, d.counts.same, d.counts.improved, d.counts.inconclusive, d.counts.failing]], [0, 1, 2, 3, 4]));
    const shown = d.metrics.filter(m => m.operation === "all" || m.verdict !== "same");
    out.push(forestPlot(shown.filter(m => m.change !== null && m.change_kind === "ratio")));
    out.push(table(["operation", "metric", "baseline", "candidate", "change", "interval (level)", "verdict", "why"], shown.map(m =>
      [m.operation, m.metric, figure(m, m.baseline), figure(m, m.candidate), changeText(m, m.change),
       m.change === null ? "—" : `${changeText(m, m.change_low)} … ${m.change_high === null ? "+∞" : changeText(m, m.change_high)} (${level(m.confidence)})`,
       h("span", { class: "v-" + m.verdict + (m.fails ? " fails" : "") }, m.verdict + (m.fails ? " (fails)" : "")), m.reason + (m.gate ? " gate " + m.gate : "")])));
    out.push(h("p", { class: "note" }, `${d.metrics.length - shown.length} metrics judged "same" are not listed (compare.json has them all).`));
    return out;
  }
  // Each change with its 95% interval on a ratio axis, the noise band shaded.
  function forestPlot(metrics) {
    if (!metrics.length) return null;
    metrics = metrics.slice(0, 40);
    const W = 760, row = 16, T = 24, B = 30, L = 250, R = 20, H = T + B + row * metrics.length;
    metrics = metrics.map(m => Object.assign({}, m, { change_high: m.change_high === null ? Infinity : m.change_high }));
    let lo = Math.min(...metrics.map(m => m.change_low), 0.8), hi = Math.min(Math.max(...metrics.map(m => m.change_high), 1.25), 1000);
    lo = Math.max(lo, 0.01);
    const px = v => L + (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo)) * (W - L - R);
    const svg = s("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "changes with intervals" });
    const m0 = metrics[0];
    const noise = (m0 && m0.margin) || 0.05;
    svg.appendChild(s("rect", { x: px(1 / (1 + noise)), y: T, width: px(1 + noise) - px(1 / (1 + noise)), height: row * metrics.length, fill: "#eef2f7" }));
    let lastLabel = -Infinity;  // labels closer than 44 px would overprint each other
    for (const v of [0.5, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 2, 3, 5, 10].filter(v => v >= lo && v <= hi)) {
      svg.appendChild(s("line", { class: v === 1 ? "axis" : "grid", x1: px(v), x2: px(v), y1: T, y2: H - B }));
      if (v !== 1 && px(v) - lastLabel < 44 && Math.abs(px(v) - px(1)) < 44) continue;
      if (px(v) - lastLabel < 44) continue;
      svg.appendChild(s("text", { x: px(v), y: H - B + 14, "text-anchor": "middle" }, (v >= 1 ? "+" : "") + Math.round((v - 1) * 100) + "%"));
      lastLabel = px(v);
    }
    svg.appendChild(s("text", { x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle" }, "candidate ÷ baseline (log scale; shaded: noise threshold)"));
    metrics.forEach((m, i) => {
      const y = T + row * i + row / 2, cls = m.verdict === "regressed" ? "s4" : m.verdict === "improved" ? "s0" : m.verdict === "same" ? "s2" : "s5";
      svg.appendChild(s("text", { x: L - 6, y: y + 4, "text-anchor": "end" }, `${m.operation} ${m.metric}`));
      svg.appendChild(s("line", { class: "interval " + cls, x1: px(Math.max(m.change_low, lo)), x2: px(Math.min(m.change_high, hi)), y1: y, y2: y }));
      svg.appendChild(s("circle", { class: cls, cx: px(Math.min(Math.max(m.change, lo), hi)), cy: y, r: 3 }));
    });
    return h("figure", { class: "chart" }, h("figcaption", {}, "Changes and the intervals that decided them"),
      h("div", { class: "legend" }, h("i", { class: "s4" }), "regressed", h("i", { class: "s0" }), "improved", h("i", { class: "s2" }), "same", h("i", { class: "s5" }), "inconclusive"), svg);
  }

  // ---- difference of two targets ----------------------------------------------------------------------
  function diffView(run, id) {
    const d = run.difference, out = [h("h2", { id }, "Difference of two targets — " + run.path)];
    const real = d.differences.filter(g => !g.noise), moved = d.latency.operations.filter(r => r.verdict === "slower" || r.verdict === "faster");
    const movedReally = moved.filter(r => !r.noise);
    out.push(h("div", { class: "banner " + (d.differs ? "regression" : "no_regression") },
      d.differs ? `DIFFERENT (exit 1)` : `NO DIFFERENCE (exit 0)`,
      h("span", { class: "detail" }, `${real.length} difference(s)${d.with_noise ? ", " + (d.differences.length - real.length) + " noise" : ""}, ` +
        `${d.latency.operations.length ? movedReally.length + " operation(s) of another latency" : "latency not judged (recordings made apart, not in lockstep)"}` +
        ` — first ${d.first}; second ${d.second}${d.noise ? "; noise " + d.noise : ""}`)));
    out.push(table(["exchanges paired", "sent to the first only", "sent to the second only", "not followed (runs apart)",
                    "asked by a moment (status only)", "operations compared"],
      [[d.paired, d.only_a, d.only_b, d.not_followed, d.by_time, Object.keys(d.compared).length]], [0, 1, 2, 3, 4, 5]));
    if (moved.length)
      out.push(table(["operation", "latency", "change (interval)", "p50 first / second", "p99 first / second", "pairs"], moved.map(r =>
        [r.operation, h("span", { class: "v-" + (r.noise ? "noise" : r.verdict === "slower" ? "regressed" : "improved") }, r.verdict + (r.noise ? " (noise)" : "")),
         `×${r.ratio.toFixed(2)} (${r.low.toFixed(2)} … ${r.high === null ? "∞" : r.high.toFixed(2)})`,
         `${fmt.ms(r.p50_a)} / ${fmt.ms(r.p50_b)}`, `${fmt.ms(r.p99_a)} / ${fmt.ms(r.p99_b)}`, r.pairs])));
    const value = v => (v === null || v === undefined ? "(absent)" : typeof v === "string" ? v : JSON.stringify(v));
    out.push(table(["operation", "kind", "place", "seen", "first", "second", "example"], d.differences.map(g =>
      [g.operation, g.kind + (g.noise ? " (noise)" : ""), g.path || "—", `${g.count}/${g.compared}`, value(g.a), value(g.b),
       h("details", {}, h("summary", {}, g.example), g.curl_a ? copyable(g.curl_a, "first") : null, g.curl_b ? copyable(g.curl_b, "second") : null)])));
    out.push(h("p", { class: "note" }, "Values a target made (the ids it gave, the run's unique values, time stamps, cursors) are mapped between the targets, not compared; \"request\" rows are where the runs went apart, mostly what an answer above led to."));
    return out;
  }

  // ---- page -------------------------------------------------------------------------------------------
  root.appendChild(h("h1", {}, "Dockside report"));
  root.appendChild(h("div", { class: "meta" }, h("span", {}, "generated " + data.generated_at), h("span", {}, data.runs.length + " run(s)")));
  const toc = h("nav", { class: "toc" });
  root.appendChild(toc);
  data.runs.forEach((run, i) => {
    const id = "run-" + (i + 1);
    const view = run.kind === "conform" ? conformView(run, id) : run.kind === "load" ? loadView(run, id)
      : run.kind === "diff" ? diffView(run, id) : compareView(run, id);
    toc.appendChild(h("a", { href: "#" + id }, run.kind + " " + run.path));
    add(root, view);
  });
  // On paper every folded section is shown.
  window.addEventListener("beforeprint", () => document.querySelectorAll("details").forEach(d => (d.open = true)));
})();
