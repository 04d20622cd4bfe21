import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bodies shorter than this (in bytes) are sent as they are. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Response compression for one door's scope, the same for every door: brotli, gzip or deflate
 * as the client asks, for bodies of 1 kB and more. Registered after the scope's other onSend
 * hooks (cache, ETag, counters), so it compresses what they settled.
 */
export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip', 'deflate'],
  });
}
