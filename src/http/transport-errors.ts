import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { sendProblem, toProblem } from './problem.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/**
 * Fastify's `frameworkErrors`: a path it cannot route is answered in problem+json like every
 * other error (docs/access.md "Request size limits"), decided before any route or policy runs.
 */
export function frameworkErrors(docsUrl: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // Decided before routing, so before the hook that sets it on every other answer.
    reply.header(REQUEST_ID_HEADER, request.id);
    const refusal =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new ApiError('uri_too_long', 'A path segment is longer than the 100 characters accepted')
        : new ApiError(
            'invalid_parameter',
            'The path is not a valid URL (malformed percent-encoding)',
          );
    return sendProblem(reply, refusal, docsUrl);
  };
}

/**
 * Node's `clientError`: bytes that are not an HTTP request the parser accepts never reach
 * Fastify's routing. Answered with problem+json on the raw socket, then closed, as Node does.
 */
export function clientErrorHandler(docsUrl: string) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) {
      return;
    }
    if (socket.writable && error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') {
      const refusal =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? new ApiError('headers_too_large', 'The request line and headers exceed 16 KiB')
          : new ApiError('invalid_parameter', 'The request is not valid HTTP/1.1');
      const body = JSON.stringify(toProblem(refusal, docsUrl));
      socket.write(
        `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
          'Content-Type: application/problem+json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          'Connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy(error);
  };
}
