import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Response compression for one door's scope, the same for every door: brotli, gzip or deflate
 * as the client asks, for bodies of 1 kB and more. Registered after the scope's other onSend
 * hooks (cache, ETag, counters), so it compresses what they settled.
 */
export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
  });
}
