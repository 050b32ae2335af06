import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Text files a browser fetches from the build: what the server would otherwise compress on every request. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;

/**
 * Writes name.br (brotli, quality 11) and name.gz (gzip -9) beside every text file of the build, once,
 * so the server sends them as they are (@fastify/static's preCompressed) instead of compressing each
 * request at a lower level. A file whose compressed form is no smaller gets none: the plain file is
 * then sent, and the server's own compression decides.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'que-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const file of walk(outDir)) {
        if (!TEXT_FILE.test(file)) continue;
        const content = readFileSync(file);
        const br = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        });
        const gz = gzipSync(content, { level: 9 });
        if (br.length < content.length) writeFileSync(`${file}.br`, br);
        if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src/web'), '@contract': path.resolve(import.meta.dirname, 'src/contract') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // TanStack Query and the app's query helpers, which every screen but Home needs, as one chunk
          // rather than a dozen small ones: each request costs a phone's main thread a few milliseconds
          // to issue and take in. Not their dependencies (React is the app's own first-load chunk).
          groups: [
            { name: 'query', test: /[\\/](@tanstack[\\/]|src[\\/]web[\\/]lib[\\/](query-client|query-keys|paged-query))/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/ws': { target: 'ws://localhost:5000', ws: true } },
  },
});
