import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Text the server writes (JSON, HTML, XML, JavaScript, CSS, SVG, plain text) goes out as brotli or
 * gzip, whichever the client prefers of the two. Registered before every route: @fastify/compress
 * adds its hook to each route as it is registered, so a route added earlier would go out whole.
 *
 * Files Vite built are compressed once at build time (vite.config.ts writes .br and .gz beside them)
 * and @fastify/static sends those as they are; this plugin leaves any reply that already has a
 * Content-Encoding alone. Brotli quality 4, not the library's 11: a dynamic answer is compressed on
 * every request, and 11 costs tens of milliseconds of CPU on a 100 KB listing for a few percent
 * fewer bytes (the build uses 11, paid once).
 */
export const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies stay as sent: the JSON body limit (100 KB) counts the bytes that arrive, and a
    // compressed body could unpack to far more than that.
    globalDecompression: false,
  });
}
