import { readFileSync } from "node:fs";
import { type Plugin, defineConfig } from "vite";
import { treeModule } from "./src/markdown.js";

/** `import tree from "x.md?tree"`: the Markdown is read here, at build time, so the browser gets only its tree. */
function markdownTrees(): Plugin {
  return {
    name: "schwimmen:markdown-tree",
    load(id) {
      const [file = "", query] = id.split("?");
      if (query !== "tree" || !file.endsWith(".md")) return null;
      this.addWatchFile(file);
      return treeModule(readFileSync(file, "utf8"));
    },
  };
}

// Preact through Vite's own JSX transform (automatic runtime); workspace packages are bundled from their sources.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [markdownTrees()],
  base: "/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  resolve: { conditions: ["source", "browser", "module", "import", "default"] },
  worker: { format: "es" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: true,
    modulePreload: { polyfill: false },
  },
  server: { fs: { allow: ["../.."] } },
});
