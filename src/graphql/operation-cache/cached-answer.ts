import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UsageSnapshot } from '../../counters/quota-store.js';
import {
  notModifiedHeaders,
  sentUncompressed,
  staticHeadersOf,
  writePrepared,
} from '../../http/prepared-answer.js';
import { headerRecordOf, QUOTA_HEADER_NAMES } from '../../policy/headers.js';
import { corsHeadersOf } from '../transport/cors.js';
import { sendNotModified, setValidatorHeaders } from '../transport/http-cache.js';
import { cachedCostJson } from './cached-cost.js';

/** An operation's answer, and what it cost, ready to be served again. */
export interface CachedOperation {
  /** The `data` member, serialized once, as its UTF-8 bytes (prepared-answer.ts `wireBodyOf`). */
  wireData: string;
  /** Its validator (http-cache.ts): a conditional GET that names it is a 304. */
  etag: string;
  contentType: string;
  bound: number;
  freeEligible: number;
  matchList: boolean;
  actual: number;
  minute: number;
  /**
   * The headers the hooks gave this answer the first time it was sent from the cache, per method
   * (a GET's carries its validator): later hits are written with them (prepared-answer.ts).
   */
  sent: { GET?: readonly string[]; POST?: readonly string[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The cached operation this request is being answered from, and the body sent. */
    operationHit?: { hit: CachedOperation; body: Buffer };
  }
}

/** What each hit's answer says afresh besides its id: the counters. */
const PER_REQUEST_HEADERS: ReadonlySet<string> = new Set(QUOTA_HEADER_NAMES);

type SentMethod = keyof CachedOperation['sent'];

const sentMethodOf = (req: FastifyRequest): SentMethod | undefined =>
  req.method === 'GET' || req.method === 'POST' ? req.method : undefined;

const DATA_OPEN = '{"data":';

/** A 304 for a conditional GET that names the hit's validator, with its counters. */
export function sendUnchanged(
  req: FastifyRequest,
  reply: FastifyReply,
  hit: CachedOperation,
  counters: string[],
): true {
  const sent = preparedHeadersOf(req, hit, 0);
  if (sent) {
    writePrepared(reply, notModifiedHeaders(sent), counters, undefined);
    return true;
  }
  reply
    .status(200)
    .type(hit.contentType)
    .headers(corsHeadersOf(req) ?? {});
  reply.headers(headerRecordOf(counters));
  setValidatorHeaders(reply, hit.etag);
  sendNotModified(reply);
  return true;
}

/**
 * A hit's answer with its cost and counters: past the hooks with the headers they gave it before
 * (`rememberSentHeaders`), else through Fastify's reply (`conditional`: with its validator).
 */
export function sendHit(
  req: FastifyRequest,
  reply: FastifyReply,
  hit: CachedOperation,
  usage: UsageSnapshot,
  counters: string[],
  conditional: boolean,
): true {
  const extensions = `,"extensions":{"cost":${cachedCostJson(hit, usage)},"cached":true}}`;
  // The answer in writePrepared's wire form: `data` is kept as its UTF-8 bytes, the rest is
  // ASCII, so the string's length is the body's.
  const wire = `${DATA_OPEN}${hit.wireData}${extensions}`;
  const sent = preparedHeadersOf(req, hit, wire.length);
  if (sent) {
    writePrepared(reply, sent, counters, wire);
    return true;
  }
  const body = Buffer.from(wire, 'latin1');
  reply.status(200).type(hit.contentType);
  const cors = corsHeadersOf(req);
  if (cors) {
    reply.headers(cors);
  }
  reply.headers(headerRecordOf(counters));
  if (conditional) {
    setValidatorHeaders(reply, hit.etag);
  }
  req.operationHit = { hit, body };
  reply.send(body);
  return true;
}

/**
 * The headers to write a hit's answer with past the hooks: known once an answer of the same
 * entry and method went through them (`rememberSentHeaders`), for a request none of them would
 * treat differently: no Origin (CORS), nothing compression would change.
 */
function preparedHeadersOf(
  req: FastifyRequest,
  hit: CachedOperation,
  bytes: number,
): readonly string[] | undefined {
  const method = sentMethodOf(req);
  const sent = method && hit.sent[method];
  return sent && req.headers.origin === undefined && sentUncompressed(req, bytes)
    ? sent
    : undefined;
}

/** onSend, after the scope's other hooks: what they made of a hit's answer's headers. */
export function rememberSentHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): void {
  const answer = req.operationHit;
  const method = sentMethodOf(req);
  if (
    !answer ||
    !method ||
    payload !== answer.body ||
    reply.statusCode !== 200 ||
    req.headers.origin !== undefined ||
    answer.hit.sent[method] ||
    !sentUncompressed(req, answer.body.byteLength)
  ) {
    return;
  }
  const headers = staticHeadersOf(reply, PER_REQUEST_HEADERS);
  if (headers) {
    answer.hit.sent[method] = headers;
  }
}
