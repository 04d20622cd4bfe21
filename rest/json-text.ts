import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text that is already serialized (stored upstream or analysis documents) as it is:
 * the identity serializer keeps Fastify from running the route's response schema or a second
 * stringify over it; the schema only documents the shape (OpenAPI).
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(text);
}
