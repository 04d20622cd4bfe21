import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors/codes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API error code the request was answered with, once a door rendered one. */
    refusal: ErrorCode | null;
  }
}

/** Notes the code a request is refused with (the metrics count refusals by code). */
export function markRefusal(request: FastifyRequest, code: ErrorCode): void {
  request.refusal = code;
}
