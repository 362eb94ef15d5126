// Loads the page's TypeScript modules into node for the unit tests: esbuild bundles one
// entry to a temporary ES module, which is then imported.

import { build } from "esbuild";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const src = fileURLToPath(new URL("../../src/", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "menagerie-web-unit-"));

export async function load(module) {
  const outfile = join(out, `${module}.mjs`);
  await build({ entryPoints: [join(src, `${module}.ts`)], bundle: true, format: "esm", outfile, logLevel: "error" });
  return import(pathToFileURL(outfile).href);
}
