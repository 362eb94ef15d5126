// Loads the page's TypeScript modules into node for the unit tests: esbuild bundles one
// entry to an ES module under node_modules/.cache, which is then imported.

import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const src = fileURLToPath(new URL("../../src/", import.meta.url));
const out = fileURLToPath(new URL("../../node_modules/.cache/menagerie-unit/", import.meta.url));
mkdirSync(out, { recursive: true });

export async function load(module) {
  const outfile = join(out, `${module}.mjs`);
  await build({ entryPoints: [join(src, `${module}.ts`)], bundle: true, format: "esm", outfile, logLevel: "error" });
  return import(pathToFileURL(outfile).href);
}
