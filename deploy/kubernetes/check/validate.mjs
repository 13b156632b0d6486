// node validate.mjs [KUSTOMIZATION_DIR] — renders the kustomization (lib/render.mjs) and checks it
// (lib/validate.mjs): Kubernetes schemas, what the run needs, the minimum Kubernetes version, and, with DOCKSIDE_BIN set to a dockside
// executable, the container command lines against its flags. Prints each problem; exit 1 when any.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { render } from "./lib/render.mjs";
import { flagProblems, jobCommandLines, runProblems, schemaProblems, statedMinimum, versionProblems } from "./lib/validate.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(process.argv[2] ?? path.join(here, ".."));
let problems;
try {
  const objects = render(dir);
  problems = [...(await schemaProblems(objects)), ...runProblems(objects), ...versionProblems(objects, statedMinimum(dir), dir)];
  if (process.env.DOCKSIDE_BIN) problems.push(...flagProblems(jobCommandLines(objects), process.env.DOCKSIDE_BIN));
  else problems.push("DOCKSIDE_BIN is not set: the command lines were not checked against dockside's flags");
  for (const p of problems) console.error(`${dir}: ${p}`);
  if (!problems.length) console.log(`${dir}: ${objects.length} objects valid (schemas, run, flags)`);
} catch (e) {
  console.error(`${dir}: ${e.message}`);
  process.exit(1);
}
process.exit(problems.length ? 1 : 0);
