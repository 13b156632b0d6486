// node check.mjs FILE: exit 0 when FILE is a HAR 1.2 document the HAR schemas accept (har-validator's
// own checks of every entry, request and response), else print what is wrong and exit 1.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const validator = require("har-validator");

const file = process.argv[2];
let har;
try {
  har = JSON.parse(readFileSync(file, "utf8"));
} catch (e) {
  console.error(`${file}: not JSON: ${e.message}`);
  process.exit(1);
}
try {
  await validator.har(har);
  console.log(`${file}: a valid HAR ${har.log.version} with ${har.log.entries.length} entries`);
} catch (e) {
  console.error(`${file}: not a valid HAR: ${JSON.stringify(e.errors ?? e.message).slice(0, 4000)}`);
  process.exit(1);
}
