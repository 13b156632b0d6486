// ctest openapi_check_self_test: check.mjs and operations.test.mjs can both pass and fail, and when
// they fail they name what is wrong. Each fixture under fixtures/ plants known problems.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SPEC_PATH } from "./lib/load_spec.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const fixture = (name) => join(HERE, "fixtures", name);

function run(args, env = {}) {
  // Without NODE_TEST_CONTEXT a nested `node --test` prints its own TAP instead of reporting to this runner.
  const { NODE_TEST_CONTEXT, ...inherited } = process.env;
  const r = spawnSync(process.execPath, args, { cwd: HERE, encoding: "utf8", env: { ...inherited, ...env }, timeout: 60_000 });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}
const check = (file) => run([join(HERE, "check.mjs"), file]);

test("a minimal valid description passes", () => {
  const { code, out } = check(fixture("minimal-valid.yaml"));
  assert.equal(code, 0, out);
  assert.match(out, /^valid: 1 paths, 1 operations$/m);
});

test("the real spec passes with its 45 operations", () => {
  const { code, out } = check(SPEC_PATH);
  assert.equal(code, 0, out);
  assert.match(out, /^valid: \d+ paths, 45 operations$/m);
});

test("structural errors are all reported", () => {
  const { code, out } = check(fixture("broken-structure.yaml"));
  assert.equal(code, 1, out);
  assert.match(out, /parameters\/0 must have required property 'in'/);
  assert.match(out, /responses\/200 must have required property 'description'/);
  assert.match(out, /unevaluatedProperty":"2025-07\/other"/);
  assert.match(out, /^invalid: .*broken-structure\.yaml: \d+ problem\(s\)$/m);
});

test("a dangling $ref is reported", () => {
  const { code, out } = check(fixture("broken-ref.yaml"));
  assert.equal(code, 1, out);
  assert.match(out, /Can't resolve #\/components\/schemas\/Missing/);
});

test("schemas outside JSON Schema draft 7 are reported, each problem on its own line", () => {
  const { code, out } = check(fixture("broken-draft7.yaml"));
  assert.equal(code, 1, out);
  assert.match(out, /properties\/note: keyword "nullable" is not JSON Schema draft 7/);
  assert.match(out, /properties\/pair: keyword "prefixItems" is not JSON Schema draft 7/);
  assert.match(out, /properties\/when: unknown format "datetime"/);
  assert.match(out, /properties\/name: strict mode: unknown keyword: "minLenght"/);
  assert.match(out, /properties\/other: draft 7 ignores type beside \$ref/);
});

test("usage and unreadable files exit 2, not 1", () => {
  assert.equal(run([join(HERE, "check.mjs")]).code, 2);
  assert.equal(check(fixture("no-such-file.yaml")).code, 2);
});

test("operations.test.mjs fails on a spec without the 45 operations and names the extra one", () => {
  const { code, out } = run(["--test", join(HERE, "operations.test.mjs")], { DOCKSIDE_OPENAPI_SPEC: fixture("minimal-valid.yaml") });
  assert.notEqual(code, 0, out);
  assert.match(out, /missing: GET \/2025-07\/channel \(listChannels\)/);
  assert.match(out, /extra: GET \/2025-07\/thing\/\{id\} \(getThing\)/);
});
