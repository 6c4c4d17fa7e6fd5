import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

// The page is served by `tabula serve` itself, at the root of the same origin as its
// gRPC-web endpoint; the built files in dist/ are embedded in the server binary.
export default defineConfig({
  base: "/",
  // Each file also compressed at build time (file.br, file.gz beside it): the server sends the
  // one the browser accepts, at no cost per request. Best compression: it is done once.
  plugins: [
    compression({
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      threshold: 1024,
    }),
  ],
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
