// node validate-ci.mjs [CI_FILE…] — every dockside command line of the CI files (default: those of
// deploy/ci) against dockside's own flags (DOCKSIDE_BIN), the judge of the Kubernetes Jobs' command lines
// (lib/validate.mjs), and each file's gates there: a conform, a load and a compare. Prints each problem;
// exit 1 when any.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ciProblems } from "./lib/ci.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const ciDir = path.join(here, "..", "..", "ci");
const files = process.argv.length > 2 ? process.argv.slice(2)
  : fs.readdirSync(ciDir).filter((f) => /\.ya?ml$/.test(f)).map((f) => path.join(ciDir, f));
if (!process.env.DOCKSIDE_BIN) {
  console.error("DOCKSIDE_BIN is not set: the command lines cannot be checked against dockside's flags");
  process.exit(1);
}
let failed = false;
for (const file of files) {
  try {
    const { lines, problems } = ciProblems(file, process.env.DOCKSIDE_BIN);
    for (const p of problems) console.error(p);
    if (problems.length) failed = true;
    else console.log(`${file}: ${lines} dockside command lines valid`);
  } catch (e) {
    console.error(`${file}: ${e.message}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
