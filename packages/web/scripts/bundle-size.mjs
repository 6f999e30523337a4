// Gzipped JavaScript the first screen loads: the entry script of dist/index.html and every chunk it imports
// statically (dynamic imports, the worker and the lazy screens are left out). Prints a table and exits 1 over budget.
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const dist = join(import.meta.dirname, "../dist");
const BUDGET = 100 * 1024;
const html = readFileSync(join(dist, "index.html"), "utf8");
const entry = html.match(/<script[^>]+src="\/?([^"]+\.js)"/)?.[1];
if (!entry) throw new Error("no entry script in dist/index.html");

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const seen = new Set();
const queue = [entry];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), "utf8");
  // Static imports only: `import ... from "./x.js"` and bare `import "./x.js"`, not `import("./x.js")`.
  for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    queue.push(join("assets", match[1]));
  }
}
let total = 0;
const rows = [...seen].map((file) => {
  const size = gz(file);
  total += size;
  return `${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`;
});
const css = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".css"));
const cssSize = css.reduce((n, f) => n + gz(join("assets", f)), 0);
console.log(rows.join("\n"));
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  first-screen JavaScript, gzipped (budget ${BUDGET / 1024} KB)`,
);
console.log(`${(cssSize / 1024).toFixed(1).padStart(7)} KB  CSS, gzipped`);
const all = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"));
console.log(
  `${(all.reduce((n, f) => n + gz(join("assets", f)), 0) / 1024).toFixed(1).padStart(7)} KB  all JavaScript incl. lazy screens and the bot worker`,
);
process.exit(total > BUDGET ? 1 : 0);
