// node --test validate.test.mjs (DOCKSIDE_BIN names the dockside executable): the checks of validate.mjs
// pass on deploy/kubernetes and fail, naming the field, on copies broken the ways a hand edit breaks them;
// the rendering they judge is the one kubectl's kustomize makes, where kubectl is installed.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { render } from "./lib/render.mjs";
import { flagProblems, jobCommandLines, runProblems, schemaProblems, statedMinimum, versionProblems } from "./lib/validate.mjs";

const manifests = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const dockside = process.env.DOCKSIDE_BIN;

async function problemsOf(dir) {
  const objects = render(dir);
  return [...(await schemaProblems(objects)), ...runProblems(objects), ...versionProblems(objects, statedMinimum(dir), dir),
    ...(dockside ? flagProblems(jobCommandLines(objects), dockside) : [])];
}

/** A copy of the manifests (without this folder) with `edit(text)` applied to one file. */
function brokenCopy(file, edit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dockside-manifests-"));
  for (const name of fs.readdirSync(manifests))
    if (fs.statSync(path.join(manifests, name)).isFile()) fs.copyFileSync(path.join(manifests, name), path.join(dir, name));
  const before = fs.readFileSync(path.join(dir, file), "utf8");
  const after = edit(before);
  assert.notEqual(after, before, `the edit of ${file} changed nothing`);
  fs.writeFileSync(path.join(dir, file), after);
  return dir;
}

test("the manifests pass every check", { skip: !dockside && "DOCKSIDE_BIN is not set" }, async () => {
  assert.deepEqual(await problemsOf(manifests), []);
});

const broken = [
  ["completionMode: Index is not a Kubernetes value", "shard-job.yaml", (t) => t.replace("completionMode: Indexed", "completionMode: Index"),
    /Job dockside-load: data\/spec\/completionMode must be equal to one of the allowed values/],
  ["a pod failure action Kubernetes does not know", "shard-job.yaml", (t) => t.replace("action: FailIndex", "action: FailIndx"),
    /podFailurePolicy\/rules\/0\/action must be equal to one of the allowed values/],
  ["a count that is not a number", "params.env", (t) => t.replace("SHARDS=4", "SHARDS=four"),
    /spec.completions takes a number, got "four"/],
  ["a variable the pods do not have", "shard-job.yaml", (t) => t.replace("$(RATE)", "$(RATES)"),
    /\$\(RATES\) is defined nowhere/],
  ["thresholds judged per pod", "shard-job.yaml", (t) => t.replace("- --rate\n", "- --threshold\n            - p99<1s\n            - --rate\n"),
    /thresholds are judged once, on the merged result, not per pod/],
  ["a retried verdict", "shard-job.yaml", (t) => t.replace("values: [1, 2]", "values: [2]"),
    /podFailurePolicy must end an index without retry on exit 1/],
  ["a volume one node at a time", "results-pvc.yaml", (t) => t.replace("accessModes: [ReadWriteMany]", "accessModes: [ReadWriteOnce]"),
    /volume results is not a ReadWriteMany claim/],
  ["a minimum older than the fields need", "run-load", (t) => t.replace("minimum_kubernetes=1.29", "minimum_kubernetes=1.28"),
    /Job dockside-load: spec.backoffLimitPerIndex needs Kubernetes 1.29, but run-load states 1.28 as the minimum/],
  ["the minimum left unsaid", "kustomization.yaml", (t) => t.replace("Kubernetes 1.29 or later", "a recent Kubernetes"),
    /kustomization.yaml does not say "Kubernetes 1.29 or later"/],
  ["tainted nodes counted in the spread", "shard-job.yaml", (t) => t.replace("nodeTaintsPolicy: Honor", "nodeTaintsPolicy: Ignore"),
    /the spread must have nodeTaintsPolicy: Honor/],
  ["a merge retried", "merge-job.yaml", (t) => t.replace("backoffLimit: 0", "backoffLimit: 3"),
    /backoffLimit must be 0/],
];
for (const [name, file, edit, expected] of broken) {
  test(`rejected: ${name}`, async () => {
    const dir = brokenCopy(file, edit);
    try {
      const problems = await problemsOf(dir).catch((e) => [e.message]);
      assert.ok(problems.some((p) => expected.test(p)), `expected ${expected}, got:\n${problems.join("\n")}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("rejected: a flag dockside load does not have", { skip: !dockside && "DOCKSIDE_BIN is not set" }, async () => {
  const dir = brokenCopy("shard-job.yaml", (t) => t.replace("- --connections", "- --conections"));
  try {
    assert.ok((await problemsOf(dir)).includes("Job dockside-load container load: `dockside load --help` lists no --conections"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function kubectl() {
  try {
    execFileSync("kubectl", ["version", "--client"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

test("the rendering is kubectl kustomize's", { skip: !kubectl() && "kubectl is not installed: the rendering is not compared" }, () => {
  const theirs = YAML.parseAllDocuments(execFileSync("kubectl", ["kustomize", manifests], { encoding: "utf8" })).map((d) => d.toJS());
  const key = (o) => `${o.kind}/${o.metadata.name}`;
  const byKey = (list) => Object.fromEntries(list.map((o) => [key(o), o]));
  assert.deepEqual(byKey(render(manifests)), byKey(theirs));
});
