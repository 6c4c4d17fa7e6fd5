import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The page is served by `tabula serve` itself, at the root of the same origin as its
// gRPC-web endpoint; the built files in dist/ are embedded in the server binary.
export default defineConfig({
  base: "/",
  resolve: {
    // The TypeScript client from its sources: nothing of it need be built or installed.
    alias: { "@tabula/client/web": fileURLToPath(new URL("../clients/typescript/src/web.ts", import.meta.url)) },
    // The client's sources import these by bare name; bundle this package's copy whatever
    // clients/typescript has installed, so the output depends only on this package-lock.json.
    dedupe: ["@bufbuild/protobuf", "@connectrpc/connect"],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    target: "es2022",
  },
  server: {
    // The client's sources are imported from ../clients/typescript/src.
    fs: { allow: [".."] },
    // In development the page is served by Vite: send the gRPC-web calls to a running
    // `tabula serve` (TABULA_ADDR, default its usual address).
    proxy: {
      "/tabula.v1.GameService": { target: `http://${process.env.TABULA_ADDR ?? "127.0.0.1:50051"}` },
    },
  },
});
