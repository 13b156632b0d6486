// The `dockside` command lines of the CI files of deploy/ci: a GitHub Actions workflow (each job's steps'
// `run:`) or a GitLab CI file (each job's `before_script`, `script` and `after_script`, and `default:`'s),
// as {where, args} for flagProblems (validate.mjs), the same judge as the Kubernetes Jobs' command lines.
import fs from "node:fs";
import YAML from "yaml";
import { docksideCommands } from "./shell.mjs";
import { flagProblems } from "./validate.mjs";

// GitHub substitutes ${{ … }} before the shell sees the script; its spaces must not split a word here.
const withoutExpressions = (script) => script.replace(/\$\{\{[^}]*\}\}/g, "GITHUB_EXPRESSION");

const SCRIPT_KEYS = ["before_script", "script", "after_script"];
// Top-level keys of a GitLab CI file that are not jobs.
const GITLAB_GLOBALS = new Set(["stages", "variables", "workflow", "include", "image", "services", "cache",
  "before_script", "after_script", "default", "spec"]);

/** The shell scripts of a parsed CI file, each with where it is: [{where, script}]. */
function scriptsOf(doc, file) {
  const scripts = [];
  if (doc?.jobs && typeof doc.jobs === "object") {
    for (const [job, spec] of Object.entries(doc.jobs))
      for (const [i, step] of (spec?.steps ?? []).entries())
        if (typeof step?.run === "string")
          scripts.push({ where: `${file} job ${job} step ${step.name ?? i + 1}`, script: withoutExpressions(step.run) });
    return scripts;
  }
  const lines = (value) => (Array.isArray(value) ? value.flat(Infinity) : value === undefined ? [] : [value]);
  const jobs = Object.entries(doc ?? {}).filter(([key]) => !GITLAB_GLOBALS.has(key) && !key.startsWith("."));
  for (const [job, spec] of [["default", doc?.default ?? {}], ...jobs])
    for (const key of SCRIPT_KEYS)
      for (const [i, script] of lines(spec?.[key]).entries())
        scripts.push({ where: `${file} job ${job} ${key}[${i}]`, script: String(script) });
  return scripts;
}

/** Every dockside command line of the CI file at `file`: [{where, args}]. */
export function ciCommandLines(file) {
  const doc = YAML.parse(fs.readFileSync(file, "utf8"));
  const found = [];
  for (const { where, script } of scriptsOf(doc, file))
    for (const args of docksideCommands(script)) found.push({ where, args });
  return found;
}

// What each CI file of deploy/ci is for: a conformance gate, a load gate and a release comparison.
const GATES = ["conform", "load", "compare"];

/** The problems of one CI file: its command lines' flags, and a gate it lacks. {lines, problems} */
export function ciProblems(file, dockside) {
  const lines = ciCommandLines(file);
  const problems = flagProblems(lines, dockside);
  for (const gate of GATES)
    if (!lines.some(({ args }) => args[0] === gate)) problems.push(`${file}: no \`dockside ${gate}\` command line`);
  return { lines: lines.length, problems };
}
