import type { FastifyRequest } from 'fastify';
import { type DocumentNode, getOperationAST, OperationTypeNode } from 'graphql';
import { isAsyncIterable, processRegularResult, type YogaServerInstance } from 'graphql-yoga';
import type { DoorContext, ExecutionContext } from '../charging/execution-context.js';
import { refusedBeforeExecution } from './errors.js';

/** What a keyed POST of a query carries when it can skip yoga's HTTP layer. */
export interface DirectParams {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** A request the direct path takes: its parameters and the media type of its answer. */
export interface DirectRequest {
  params: DirectParams;
  mediaType: string;
}

/** A result as text with its status and media type: what yoga would have answered. */
export class DirectAnswer {
  constructor(
    readonly status: number,
    readonly contentType: string,
    readonly text: string,
  ) {}
}

type Yoga = YogaServerInstance<DoorContext, ExecutionContext>;

/** Accept values under which yoga answers a query with one JSON result, and its media type. */
const MEDIA_TYPES: Record<string, string> = {
  '*/*': 'application/json',
  'application/json': 'application/json',
  'application/graphql-response+json': 'application/graphql-response+json',
};

const PARAM_NAMES = new Set(['query', 'variables', 'operationName']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Documents that may ask for incremental delivery go through yoga, which negotiates it. */
const INCREMENTAL = /@(defer|stream)\b/;

/**
 * The common operation's parameters and answer media type, or undefined when yoga must take the
 * request: a POST whose JSON body holds only `query`, `variables` and `operationName`, with an
 * Accept answered by one JSON result and no `Origin` (yoga's CORS answers those). Deciding this
 * reads nothing and changes nothing, so yoga can still take any request refused here.
 */
export function directRequestOf(req: FastifyRequest): DirectRequest | undefined {
  if (req.method !== 'POST' || req.headers.origin !== undefined) {
    return undefined;
  }
  const accept = req.headers.accept;
  const mediaType = accept === undefined ? 'application/json' : MEDIA_TYPES[accept];
  const body = req.body;
  if (!mediaType || !isPlainObject(body) || typeof body['query'] !== 'string') {
    return undefined;
  }
  for (const name in body) {
    if (!PARAM_NAMES.has(name)) {
      return undefined;
    }
  }
  const { variables, operationName } = body;
  const variablesFit = variables === undefined || variables === null || isPlainObject(variables);
  const nameFits =
    operationName === undefined || operationName === null || typeof operationName === 'string';
  if (!variablesFit || !nameFits || INCREMENTAL.test(body['query'])) {
    return undefined;
  }
  return { params: body as unknown as DirectParams, mediaType };
}

/**
 * Documents found valid, per server. Validation depends on the document, the schema and the
 * rules alone, all fixed for a server, and the document cache hands every request of the same
 * text the same document; yoga's own validation cache is reached only after every plugin's
 * `onValidate` has run and the rules' names were joined into its key, on every request.
 */
const validDocuments = new WeakMap<Yoga, WeakSet<DocumentNode>>();

function isValid(yoga: Yoga, document: DocumentNode, validate: () => readonly unknown[]): boolean {
  let valid = validDocuments.get(yoga);
  if (!valid) {
    valid = new WeakSet();
    validDocuments.set(yoga, valid);
  }
  if (valid.has(document)) {
    return true;
  }
  if (validate().length > 0) {
    return false;
  }
  valid.add(document);
  return true;
}

/**
 * Runs a query through yoga's envelop (every parse, validate, context and execute plugin, the
 * access policy among them) without yoga's HTTP layer: no Fetch request to build, no response
 * stream to read back. Returns undefined, having run nothing that counts, when the document does
 * not parse, does not validate or is not a query: yoga then answers it as it always has.
 */
export async function runDirect(
  yoga: Yoga,
  door: DoorContext,
  { params, mediaType }: DirectRequest,
): Promise<DirectAnswer | undefined> {
  // A literal, not a spread of `door`: yoga merges the resolvers' context into this object, and
  // a spread-made object turned that merge into the slow path (9 µs a request; docs/benchmarks.md).
  const envelope = yoga.getEnveloped({ req: door.req, operation: door.operation, params });
  let document: DocumentNode;
  try {
    document = envelope.parse(params.query);
  } catch {
    return undefined;
  }
  if (!isValid(yoga, document, () => envelope.validate(envelope.schema, document))) {
    return undefined;
  }
  const operation = getOperationAST(document, params.operationName);
  if (operation?.operation !== OperationTypeNode.QUERY) {
    return undefined;
  }
  const result = await envelope.execute({
    schema: envelope.schema,
    document,
    variableValues: params.variables ?? null,
    operationName: params.operationName ?? null,
    contextValue: await envelope.contextFactory(),
  });
  if (isAsyncIterable(result) || (result.errors?.length ?? 0) > 0 || result.extensions?.['http']) {
    if (refusedBeforeExecution(result)) {
      door.operation.refuseRequest();
    }
    const response = processRegularResult(result, yoga.fetchAPI, mediaType);
    return new DirectAnswer(
      response.status,
      response.headers.get('content-type') ?? `${mediaType}; charset=utf-8`,
      await response.text(),
    );
  }
  return new DirectAnswer(200, `${mediaType}; charset=utf-8`, JSON.stringify(result));
}
