// Builds the SCORM packages an LMS imports: for each lab, in each language and for each standard,
// build/scorm/<lab>-scorm12.zip and <lab>-scorm2004.zip (Korean), <lab>.en-scorm12.zip and
// <lab>.en-scorm2004.zip (English). Each holds imsmanifest.xml and index.html, the offline file
// of that lab alone (build-single.mjs --lab) marked for its standard: in the LMS the page finds
// the run-time API and reports to it (web/src/lms.js, docs/lms.md).
//
//   node web/tools/build-scorm.mjs [--site build/web] [--out build/scorm]
//
// Run after web/tools/build.mjs: it packages the lab pages the site's index links, every lab of
// labs/ whatever its id. The manifests name no XML schema files: LMSs read them without (the XSDs
// are not among what this machine can install).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { parseHTML } from "linkedom";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = resolve(WEB, "..");
function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? resolve(process.argv[at + 1]) : resolve(ROOT, fallback);
}
const site = option("--site", "build/web");
const out = option("--out", "build/scorm");

const LAUNCH = "index.html";
const STANDARDS = { "1.2": "scorm12", "2004": "scorm2004" };
// Zip entries dated at a fixed time, so that the same lab gives the same bytes.
const MTIME = new Date("2026-01-01T00:00:00Z");

const xml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** imsmanifest.xml of a package with one SCO, the page `LAUNCH`. */
export function manifest(version, { id, title }) {
  const v12 = version === "1.2";
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(id)}" version="1"
          xmlns="${v12 ? "http://www.imsproject.org/xsd/imscp_rootv1p1p2" : "http://www.imsglobal.org/xsd/imscp_v1p1"}"
          xmlns:adlcp="${v12 ? "http://www.adlnet.org/xsd/adlcp_rootv1p2" : "http://www.adlnet.org/xsd/adlcp_v1p3"}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${v12 ? "1.2" : "2004 4th Edition"}</schemaversion>
  </metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${xml(title)}</title>
      <item identifier="item" identifierref="sco">
        <title>${xml(title)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco" type="webcontent" adlcp:${v12 ? "scormtype" : "scormType"}="sco" href="${LAUNCH}">
      <file href="${LAUNCH}"/>
    </resource>
  </resources>
</manifest>
`;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // The index's cards link each lab's page (web/src/page-view.js): "<id>.html", "<id>.en.html".
  const index = join(site, "index.html");
  const linked = existsSync(index)
    ? [...parseHTML(readFileSync(index, "utf8")).document.querySelectorAll("main .lab-card a[href]")].map((a) => a.getAttribute("href"))
    : [];
  const pages = linked.filter((href) => /^[\w-]+\.html$/.test(href))
    .flatMap((page) => [page, page.replace(/\.html$/, ".en.html")]).filter((page) => existsSync(join(site, page)));
  if (!pages.length) {
    console.error(`build-scorm: no lab pages in ${site} (run web/tools/build.mjs first)`);
    process.exit(1);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const scratch = join(tmpdir(), `tlab-scorm-${process.pid}.html`);
  for (const page of pages.sort()) {
    const [, lab, en] = /^(.+?)(\.en)?\.html$/.exec(page);
    const lang = en ? "en" : "ko";
    execFileSync(process.execPath, [join(WEB, "tools/build-single.mjs"), "--site", site, "--lang", lang, "--lab", lab, "--out", scratch],
      { stdio: ["ignore", "ignore", "inherit"] });
    const html = readFileSync(scratch, "utf8");
    rmSync(scratch);
    const title = /<title>([^<]*)<\/title>/.exec(readFileSync(join(site, page), "utf8"))[1]
      .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
    for (const [version, name] of Object.entries(STANDARDS)) {
      // The standard, for the page to find its LMS's API (web/src/lms.js).
      const marked = html.replace("<head>", `<head><meta name="tlab-scorm" content="${version}">`);
      if (marked === html) throw new Error(`build-scorm: ${page}'s offline file has no <head>`);
      const zip = zipSync({
        "imsmanifest.xml": [new TextEncoder().encode(manifest(version, { id: `transformer-lab-${lab}-${lang}`, title })), { mtime: MTIME }],
        [LAUNCH]: [new TextEncoder().encode(marked), { mtime: MTIME }],
      }, { level: 9 });
      const file = join(out, `${lab}${en || ""}-${name}.zip`);
      writeFileSync(file, zip);
      console.log(`SCORM ${version} package ${file}: ${(zip.length / 1024).toFixed(1)} KB`);
    }
  }
}
