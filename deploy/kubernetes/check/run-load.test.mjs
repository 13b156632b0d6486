// node --test run-load.test.mjs — deploy/kubernetes/run-load run with BusyBox's tools instead of GNU's
// (the PATH holds bash, BusyBox applets and a stand-in kubectl, nothing else), as on a Mac or an Alpine CI
// image: the start instant it applies is now + the lead, the run's merged results are copied off the
// volume, the merge's exit code is its own, and a cluster older than the stated minimum is refused.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const runLoad = path.join(here, "..", "run-load");
// Every command run-load and the stand-in kubectl call, besides bash's own builtins.
const TOOLS = ["cat", "date", "dirname", "grep", "head", "mkdir", "mktemp", "rm", "sed", "sleep", "tail", "tr"];
// Stands in for kubectl (lib/kubectl-stand-in says how it answers).
const KUBECTL = path.join(here, "lib", "kubectl-stand-in");

function busybox() {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    const candidate = path.join(dir, "busybox");
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error("busybox is not installed: run tools/bootstrap (tools/debian-packages lists it for the tests)");
}

/** A PATH of BusyBox applets, bash and the stand-in kubectl; runs run-load with it in a fresh folder. */
function runWithBusybox(args, env) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "dockside-run-load-"));
  const bin = path.join(work, "bin");
  fs.mkdirSync(bin);
  const bb = busybox();
  for (const tool of TOOLS) fs.symlinkSync(bb, path.join(bin, tool));
  const bash = execFileSync("sh", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
  fs.symlinkSync(bash, path.join(bin, "bash"));
  fs.symlinkSync(KUBECTL, path.join(bin, "kubectl"));
  const log = path.join(work, "kubectl.log");
  const before = Math.floor(Date.now() / 1000);
  const result = spawnSync(bash, [runLoad, ...args], {
    cwd: work,
    encoding: "utf8",
    env: { PATH: bin, FAKE_LOG: log, ...env },
  });
  const after = Math.floor(Date.now() / 1000);
  const read = (f) => (fs.existsSync(f) ? fs.readFileSync(f, "utf8") : "");
  return { ...result, work, before, after, calls: read(log), overlay: read(`${log}.overlay`) };
}

test("with BusyBox's date: the start instant is now + the lead, the results are fetched, the verdict is the merge's", () => {
  for (const verdict of ["0", "1"]) {
    const r = runWithBusybox(["--lead", "90", "--fetch", "out"], { FAKE_MINOR: "30", FAKE_EXIT: verdict });
    try {
      assert.equal(r.status, Number(verdict), `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
      const startAt = /START_AT=(\S+)/.exec(r.overlay)?.[1];
      assert.match(startAt ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, r.overlay);
      const start = Date.parse(startAt) / 1000;
      assert.ok(start >= r.before + 90 && start <= r.after + 90, `START_AT ${startAt} is not now + 90 s`);
      const runId = /RUN_ID=(load-\d{8}T\d{6}Z)/.exec(r.overlay)?.[1];
      assert.ok(runId, r.overlay);
      assert.match(r.overlay, /resources:\n  - \.\.\n/);
      assert.ok(fs.existsSync(path.join(r.work, "out", runId, "merged", "summary.json")), r.calls);
      assert.match(r.calls, new RegExp(`cp dockside-fetch-${runId.toLowerCase()}:/results/${runId}/merged `));
      assert.match(r.calls, /delete pod dockside-fetch-/);
      assert.match(r.stdout, new RegExp(`verdict of ${runId}: exit ${verdict}`));
    } finally {
      fs.rmSync(r.work, { recursive: true, force: true });
    }
  }
});

test("a cluster older than 1.29 is refused before anything is applied", () => {
  const r = runWithBusybox([], { FAKE_MINOR: "28+", FAKE_EXIT: "0" });
  try {
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /Kubernetes 1\.28; these manifests need 1\.29 or later/);
    assert.doesNotMatch(r.calls, /apply|delete/);
  } finally {
    fs.rmSync(r.work, { recursive: true, force: true });
  }
});

test("--no-fetch leaves the results on the volume", () => {
  const r = runWithBusybox(["--no-fetch"], { FAKE_MINOR: "29", FAKE_EXIT: "0" });
  try {
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.calls, / cp /);
  } finally {
    fs.rmSync(r.work, { recursive: true, force: true });
  }
});
