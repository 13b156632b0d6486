#!/usr/bin/env node
// Usage: node check.mjs SPEC_FILE
//
// Validates an OpenAPI 3.1 description in two passes and prints every problem found:
//   1. the OpenAPI 3.1 document schema and $ref resolution (@seriousme/openapi-schema-validator);
//   2. every Schema Object against JSON Schema draft 7, compiled by Ajv in strict mode, because the
//      harness validates responses with valijson (draft 7). The OpenAPI schema treats a Schema Object
//      as any object, so without this pass a misspelt keyword, an unknown format or a 2020-12-only
//      keyword (prefixItems, $defs, unevaluatedProperties, nullable) would go unnoticed.
// Exit codes: 0 valid, 1 invalid, 2 usage or unreadable input.
import { readFile } from "node:fs/promises";
import { Validator } from "@seriousme/openapi-schema-validator";
import { parseDocument } from "yaml";
import { draft7Problems } from "./lib/draft7_subset.mjs";

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function usage(message) {
  console.error(`check.mjs: ${message}\nusage: node check.mjs SPEC_FILE`);
  process.exit(2);
}

/** Reads and parses YAML or JSON; duplicate keys and syntax errors are reported with line numbers. */
async function load(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    usage(`cannot read ${file}: ${e.message}`);
  }
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  const problems = doc.errors.map((e) => `yaml: ${e.message}`);
  return { spec: problems.length ? null : doc.toJS({ maxAliasCount: -1 }), problems };
}

function describeAjvError(e) {
  const where = e.instancePath === "" ? "/" : e.instancePath;
  const params = e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : "";
  return `openapi: ${where} ${e.message}${params}`;
}

async function openApiProblems(spec) {
  if (typeof spec?.openapi !== "string" || !spec.openapi.startsWith("3.1.")) {
    return [`openapi: the document must declare openapi 3.1.x, found ${JSON.stringify(spec?.openapi)}`];
  }
  // allErrors: report every structural problem, not only the first one Ajv meets.
  const result = await new Validator({ allErrors: true }).validate(spec);
  if (result.valid) return [];
  if (!Array.isArray(result.errors)) return [`openapi: ${result.errors}`];
  return result.errors.map(describeAjvError);
}

function countOperations(spec) {
  const paths = Object.values(spec.paths ?? {});
  const operations = paths.reduce(
    (n, item) => n + HTTP_METHODS.filter((m) => item && typeof item[m] === "object").length,
    0,
  );
  return { paths: paths.length, operations };
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1) usage("expected exactly one SPEC_FILE argument");
  const file = args[0];

  const { spec, problems } = await load(file);
  if (spec) {
    problems.push(...(await openApiProblems(spec)));
    problems.push(...draft7Problems(spec));
  }
  if (problems.length) {
    for (const p of problems) console.log(p);
    console.log(`invalid: ${file}: ${problems.length} problem(s)`);
    process.exit(1);
  }
  const { paths, operations } = countOperations(spec);
  console.log(`valid: ${paths} paths, ${operations} operations`);
}

await main();
