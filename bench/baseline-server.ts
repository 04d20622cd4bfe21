/**
 * The ceiling: a bare Fastify server in its own node process (as touchline runs) answering one
 * fixed JSON body, byte for byte a real match detail response (BENCH_FIXTURE names the file).
 * No access checks, no database, no cache lookup: what HTTP + Fastify alone cost on this machine.
 */
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';

const fixture = process.env['BENCH_FIXTURE'];
if (!fixture) {
  throw new Error('BENCH_FIXTURE is required');
}
const body = await readFile(fixture, 'utf8');
const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ status: 'ready' }));
app.get('/fixture', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env['PORT'] ?? 0) });
process.once('SIGTERM', () => void app.close());
