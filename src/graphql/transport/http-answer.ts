import type { FastifyReply, FastifyRequest } from 'fastify';
import { quotaHeaders } from '../../policy/headers.js';
import type { OperationResult } from '../charging/operation-result.js';
import { DirectAnswer } from './direct-operation.js';
import { sendNotModified, setValidatorHeaders } from './http-cache.js';

/**
 * Yoga answers an unsupported Content-Type (415) or Accept (406) with no body, which Fastify
 * sent as `null` (found by test/fuzz: POST with `Content-Type: text/plain`): say what was wrong,
 * in the GraphQL error shape, with a code from the table.
 */
function bodylessRefusal(status: number) {
  const message =
    status === 415
      ? 'Unsupported Content-Type: POST application/json, or GET with a query string'
      : status === 406
        ? 'Not acceptable: the answer is application/json or application/graphql-response+json'
        : 'The request could not be processed';
  return { errors: [{ message, extensions: { code: 'invalid_parameter' } }] };
}

/**
 * A subscription refused before it opened (key, arguments, limits): yoga answers its one result
 * as an event stream; the client gets it as JSON with the 4xx status, as a refused query, so a
 * reader that checks the status reads the error (docs/push.md).
 */
async function refusedSubscription(response: Response): Promise<unknown> {
  const text = await response.text();
  const data = /^data: (.*)$/m.exec(text)?.[1];
  return data ? (JSON.parse(data) as unknown) : bodylessRefusal(400);
}

/** An answer of yoga's HTTP layer, or one of an operation run without it (direct-operation.ts). */
export type GraphqlAnswer = Response | DirectAnswer;

const isDirect = (answer: GraphqlAnswer): answer is DirectAnswer => answer instanceof DirectAnswer;

export const contentTypeOf = (answer: GraphqlAnswer): string =>
  (isDirect(answer) ? answer.contentType : answer.headers.get('content-type')) ??
  'application/json';

/** An answer that will not be sent: yoga's body is released rather than left to the collector. */
export async function releaseBody(answer: GraphqlAnswer): Promise<void> {
  if (!isDirect(answer)) {
    await answer.body?.cancel().catch(() => {});
  }
}

/**
 * Copies what the plugins decided onto the reply, over the answer's own headers: the status of a
 * whole refusal, its headers, the quota headers of a request with a known key (spec 8.2 rule 6)
 * and a conditional GET's validator.
 */
function copyResult(
  reply: FastifyReply,
  answer: GraphqlAnswer,
  result: OperationResult,
  now: Date,
) {
  if (isDirect(answer)) {
    reply.header('content-type', answer.contentType);
  } else {
    answer.headers.forEach((value, key) => {
      reply.header(key, value);
    });
  }
  reply.status(result.status ?? answer.status);
  if (result.headers) {
    reply.headers(result.headers);
  }
  if (result.usage) {
    reply.headers(quotaHeaders(result.usage, now, result.matchList));
  }
  if (result.validator && reply.statusCode === 200) {
    setValidatorHeaders(reply, result.validator.etag);
  }
}

/**
 * The answer through the HTTP door, with the operation's result on top (`copyResult`): a 304
 * when a conditional GET's client holds the answer already, else the answer's body.
 */
export async function sendAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: GraphqlAnswer,
  result: OperationResult,
  now: Date,
) {
  copyResult(reply, answer, result, now);
  if (result.validator?.notModified && reply.statusCode === 200) {
    await releaseBody(answer);
    return sendNotModified(reply);
  }
  if (isDirect(answer)) {
    return answer.text === '' && reply.statusCode >= 400
      ? reply.type('application/json; charset=utf-8').send(bodylessRefusal(reply.statusCode))
      : reply.send(answer.text);
  }
  return sendResponse(req, reply, answer);
}

/** A Fetch response of yoga's HTTP layer, sent as Fastify's reply. */
async function sendResponse(req: FastifyRequest, reply: FastifyReply, response: Response) {
  if (response.body === null && reply.statusCode >= 400 && req.method !== 'HEAD') {
    return reply.type('application/json; charset=utf-8').send(bodylessRefusal(reply.statusCode));
  }
  if (
    reply.statusCode >= 400 &&
    /^text\/event-stream/.test(String(reply.getHeader('content-type')))
  ) {
    return reply.type('application/json; charset=utf-8').send(await refusedSubscription(response));
  }
  if (!isJsonResult(reply.getHeader('content-type'))) {
    // Incremental delivery, subscriptions, GraphiQL's page: sent as they come.
    return reply.send(response.body);
  }
  // A JSON result: Yoga holds it as one string, so it is sent as one. Sending its body stream
  // made a Node stream of it to pipe, for every answer.
  return reply.send(await response.text());
}

const isJsonResult = (contentType: unknown) =>
  typeof contentType === 'string' && /^application\/(graphql-response\+)?json\b/i.test(contentType);
