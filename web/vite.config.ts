import { defineConfig } from "vite";

// The bundle is served by `menagerie serve --web-dir web/dist`; every page route
// (`/`, `/game/ID`) gets index.html, so assets use absolute paths.
export default defineConfig({
  base: "/",
  build: { outDir: "dist", emptyOutDir: true, target: "es2020" },
  server: { proxy: { "/api": { target: "http://127.0.0.1:8080", ws: true } } },
});
