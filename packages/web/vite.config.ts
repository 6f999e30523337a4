import { defineConfig } from "vite";

// Preact through Vite's own JSX transform (automatic runtime); workspace packages are bundled from their sources.
export default defineConfig({
  root: import.meta.dirname,
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
