import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpOutcome } from '../charging/outcome.js';
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
 * The answer through the HTTP door, with what the access policy decided on top: the status of a
 * whole refusal, the quota headers, Retry-After, and for a conditional GET its validator (and a
 * 304 when the client holds the answer already).
 */
export async function sendYogaResponse(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: GraphqlAnswer,
  outcome: { http: HttpOutcome; quotaHeaders: Record<string, string> | undefined },
) {
  const { http } = outcome;
  if (isDirect(answer)) {
    reply.header('content-type', answer.contentType);
  } else {
    answer.headers.forEach((value, key) => {
      reply.header(key, value);
    });
  }
  reply.status(http.status ?? answer.status);
  if (http.headers) {
    reply.headers(http.headers);
  }
  if (outcome.quotaHeaders) {
    reply.headers(outcome.quotaHeaders);
  }
  if (http.retryAfter !== undefined) {
    reply.header('retry-after', String(http.retryAfter));
  }
  if (http.validator && reply.statusCode === 200) {
    setValidatorHeaders(reply, http.validator.etag);
    if (http.validator.notModified) {
      await releaseBody(answer);
      return sendNotModified(reply);
    }
  }
  if (isDirect(answer)) {
    return answer.text === '' && reply.statusCode >= 400
      ? reply.type('application/json; charset=utf-8').send(bodylessRefusal(reply.statusCode))
      : reply.send(answer.text);
  }
  const response = answer;
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
