// Opens a HAR as Chromium's DevTools imports one (Network panel, "Import HAR file"): the DevTools frontend that
// Debian's chromium serves on its debugging port loads its own HAR module, parses the file with HARRoot and
// turns every entry into a network request with Importer.requestsFromHARLog, the two steps of the panel's
// import. Fails when the file is refused or any entry is lost. Exit 77 when chromium or puppeteer-core is
// not installed.
//
//   node devtools_har_import.mjs FILE.har
import fs from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error("usage: node devtools_har_import.mjs FILE.har");
  process.exit(2);
}
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!fs.existsSync(executablePath)) {
  console.log(`skipped: ${executablePath} is not installed (apt-get install chromium, or tools/bootstrap --tests)`);
  process.exit(77);
}
const puppeteer = await import("puppeteer-core").then(m => m.default, () => null);
if (!puppeteer) {
  console.log("skipped: puppeteer-core is not installed (npm ci --prefix tools/dockside/tests/browser, or tools/bootstrap)");
  process.exit(77);
}
const text = fs.readFileSync(file, "utf8");
const browser = await puppeteer.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage", "--remote-debugging-port=0"],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${new URL(browser.wsEndpoint()).port}/devtools/inspector.html`, { waitUntil: "load" });
  const imported = await page.evaluate(async (har) => {
    const { HARFormat, Importer } = await import("./models/har/har.js");
    const root = new HARFormat.HARRoot(JSON.parse(har));
    const requests = Importer.Importer.requestsFromHARLog(root.log);
    return { entries: root.log.entries.length, requests: requests.length, statuses: requests.filter(r => r.statusCode > 0).length };
  }, text).catch(e => ({ error: e.message.split("\n")[0] }));
  if (imported.error) {
    console.error(`FAIL ${file}: DevTools refused it: ${imported.error}`);
    process.exitCode = 1;
  } else if (imported.requests !== imported.entries || imported.entries === 0) {
    console.error(`FAIL ${file}: DevTools made ${imported.requests} requests of ${imported.entries} entries`);
    process.exitCode = 1;
  } else {
    console.log(`${file}: DevTools imported ${imported.requests} of ${imported.entries} entries (${imported.statuses} with a status)`);
  }
} finally {
  await browser.close();
}
