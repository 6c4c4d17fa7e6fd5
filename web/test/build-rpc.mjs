// Bundles test/rpc.ts (and the generated code it imports) into one module Node runs, so the
// tests call the server with the same contract as the page.
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));

await build({
  configFile: false,
  root,
  logLevel: "warn",
  resolve: { dedupe: ["@bufbuild/protobuf", "@connectrpc/connect"] },
  ssr: { noExternal: true, target: "node" },
  build: {
    ssr: "test/rpc.ts",
    outDir: "test-artifacts/rpc",
    emptyOutDir: true,
    target: "node20",
    rollupOptions: { output: { entryFileNames: "rpc.mjs", format: "es" } },
  },
});
