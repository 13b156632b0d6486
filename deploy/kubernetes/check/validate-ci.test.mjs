// node --test validate-ci.test.mjs (DOCKSIDE_BIN names the dockside executable): the dockside command lines
// are found in shell as CI files write it, the CI files of deploy/ci pass, and copies broken the ways a hand
// edit breaks them are rejected naming the job.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";
import { ciCommandLines, ciProblems } from "./lib/ci.mjs";
import { docksideCommands } from "./lib/shell.mjs";

const ciDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "ci");
const github = path.join(ciDir, "github-actions.yml");
const gitlab = path.join(ciDir, "gitlab-ci.yml");
const dockside = process.env.DOCKSIDE_BIN;

test("command lines in shell: continuations, quotes, comments, loops, conditions, redirections", () => {
  const script = [
    'mkdir -p results && DOCKSIDE_TOKEN=x dockside conform --base-url "$URL" \\',
    "  --only 'channels orders' > log.txt 2>&1 # a --comment",
    'for i in $(seq 1 "$N"); do',
    '  /usr/bin/dockside load --rate=5 --out "r/$i" || [ $? -eq 1 ]',
    "done",
    "if [ -d b ]; then dockside compare a b | tee c.txt; fi",
    'echo "dockside is not run here"',
  ].join("\n");
  assert.deepEqual(docksideCommands(script), [
    ["conform", "--base-url", "$URL", "--only", "channels orders"],
    ["load", "--rate=5", "--out", "r/$i"],
    ["compare", "a", "b"],
  ]);
});

test("GitHub's ${{ }} expressions and GitLab's folded scripts are read as the shell gets them", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dockside-ci-"));
  try {
    const gh = path.join(dir, "gh.yml");
    fs.writeFileSync(gh, "jobs:\n  a:\n    steps:\n      - run: dockside load --token ${{ secrets.T }} --rate 5\n");
    assert.deepEqual(ciCommandLines(gh).map((l) => l.args), [["load", "--token", "GITHUB_EXPRESSION", "--rate", "5"]]);
    const gl = path.join(dir, "gl.yml");
    fs.writeFileSync(gl, "stages: [a]\nb:\n  script:\n    - >\n      dockside conform\n      --base-url x\n");
    assert.deepEqual(ciCommandLines(gl).map((l) => l.args), [["conform", "--base-url", "x"]]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const needBinary = { skip: !dockside && "DOCKSIDE_BIN is not set" };

test("the CI files of deploy/ci pass", needBinary, () => {
  for (const file of [github, gitlab]) {
    const { lines, problems } = ciProblems(file, dockside);
    assert.deepEqual(problems, []);
    assert.ok(lines >= 4, `${file}: ${lines} command lines`);
  }
});

/** `file` with `edit(text)` applied, in a temporary folder; the edit must change something. */
function brokenCopy(file, edit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dockside-ci-"));
  const before = fs.readFileSync(file, "utf8");
  const after = edit(before);
  assert.notEqual(after, before, `the edit of ${file} changed nothing`);
  const copy = path.join(dir, path.basename(file));
  fs.writeFileSync(copy, after);
  return copy;
}

const broken = [
  ["a misspelt flag in a continued GitHub run", github, (t) => t.replace("--threshold 'p99<250ms'", "--treshold 'p99<250ms'"),
    /job load step Load gate: `dockside load --help` lists no --treshold/],
  ["a misspelt flag in a folded GitLab script", gitlab, (t) => t.replace("--out results/load --summary-md", "--out results/load --sumary-md"),
    /job load script\[0\]: `dockside load --help` lists no --sumary-md/],
  ["a flag of another subcommand", gitlab, (t) => t.replace("--fail-on 'p99", "--threshold 'p99"),
    /job release-comparison script\[2\]: `dockside compare --help` lists no --threshold/],
  ["a subcommand dockside does not have", github, (t) => t.replace("dockside conform --base-url", "dockside conformance --base-url"),
    /job conformance step Conformance gate: dockside has no subcommand conformance/],
  ["a gate gone", github, (t) => t.replace(/dockside compare/g, "echo compare"), /no `dockside compare` command line/],
];
for (const [name, file, edit, expected] of broken) {
  test(`rejected: ${name}`, needBinary, () => {
    const copy = brokenCopy(file, edit);
    try {
      const { problems } = ciProblems(copy, dockside);
      assert.ok(problems.some((p) => expected.test(p)), `expected ${expected}, got:\n${problems.join("\n")}`);
    } finally {
      fs.rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  });
}
