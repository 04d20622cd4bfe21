import { Ajv2020, type AnySchema, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Checks HTTP responses against the OpenAPI 3.1 document the app serves: the status is
 * documented, the content type is one the status documents, the body validates (JSON Schema
 * 2020-12, ajv) against that media type's schema, and the documented headers are there and
 * valid. Also records which (route, status) pairs were seen, for the reached-set assertions.
 */

/** The parts of an OpenAPI 3.1 document this harness reads. */
export interface OpenApiHeader {
  description?: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiHeader>;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
}
export interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  responses: Record<string, OpenApiResponse>;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  openapi: string;
  info: {
    title: string;
    version: string;
    contact?: { name?: string; url?: string };
    license?: { name: string; identifier?: string };
  };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Record<string, unknown>> };
}

/** What any HTTP client gives back: light-my-request's `inject` and `fetch` both fit. */
export interface ResponseLike {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface CheckOptions {
  /**
   * Documented headers this response may lack, named on purpose by the caller (for example the
   * quota headers of a 401: no valid key, so no counters to report). Everything else documented
   * for the status must be present.
   */
  mayLack?: readonly string[];
}

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const INT64 = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
const inRange = (range: { min: number; max: number }) => (n: number) =>
  Number.isInteger(n) && n >= range.min && n <= range.max;

/** A JSON Schema 2020-12 validator that knows the OpenAPI 3.1 dialect's extras. */
export function createSchemaAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // OpenAPI's format registry for numbers (https://spec.openapis.org/registry/format/).
  ajv.addFormat('int32', { type: 'number', validate: inRange(INT32) });
  ajv.addFormat('int64', { type: 'number', validate: inRange(INT64) });
  ajv.addFormat('float', { type: 'number', validate: Number.isFinite });
  ajv.addFormat('double', { type: 'number', validate: Number.isFinite });
  // The OpenAPI base vocabulary's annotation keywords.
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  return ajv;
}

const COMPONENT_REF = '#/components/schemas/';
const componentId = (name: string) => `urn:openapi:schemas:${encodeURIComponent(name)}`;

/** Points `#/components/schemas/X` references at the schemas registered under their own ids. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(rewriteRefs);
  }
  if (value === null || typeof value !== 'object') {
    return value;
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) =>
      k === '$ref' && typeof v === 'string' && v.startsWith(COMPONENT_REF)
        ? [k, componentId(v.slice(COMPONENT_REF.length))]
        : [k, rewriteRefs(v)],
    ),
  );
}

/** `/v1/football/matches/{matchId}` -> a regular expression for concrete paths. */
function templatePattern(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]+')}$`);
}

const headerValue = (value: string | string[] | number | undefined) =>
  Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);

/** A header is text on the wire; a numeric schema means the text must be a number. */
function headerInstance(text: string, schema: Record<string, unknown>): unknown {
  const type = schema['type'];
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text.trim())) {
    return Number(text.trim());
  }
  return text;
}

const mediaTypeOf = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase();

export type OpenApiHarness = ReturnType<typeof createOpenApiHarness>;

export function createOpenApiHarness(document: OpenApiDocument, method = 'get') {
  const ajv = createSchemaAjv();
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    ajv.addSchema(rewriteRefs({ ...schema, $id: componentId(name) }) as AnySchema);
  }
  const compiled = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: Record<string, unknown>) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(rewriteRefs(schema) as AnySchema);
      compiled.set(key, validate);
    }
    return validate;
  };
  // Literal templates first, then by fewest parameters: /matches/live beats /matches/{matchId}.
  const templates = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: templatePattern(template),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  const reached = new Map<string, Set<number>>();

  /** The document's path template for a concrete URL (query string ignored). */
  function templateOf(url: string): string | undefined {
    const path = new URL(url, 'http://x').pathname;
    return templates.find((t) => t.pattern.test(path))?.template;
  }

  const operationOf = (template: string) => document.paths[template]?.[method];

  /** Compiles every schema of the document (parameters, bodies, headers); returns the failures. */
  function compileAll(): string[] {
    const failures: string[] = [];
    const attempt = (key: string, schema: Record<string, unknown> | undefined) => {
      try {
        compile(key, schema ?? {});
      } catch (error) {
        failures.push(`${key}: ${(error as Error).message}`);
      }
    };
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [verb, operation] of Object.entries(item)) {
        for (const p of operation.parameters ?? []) {
          attempt(`${verb} ${template} parameter ${p.in} ${p.name}`, p.schema);
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const [media, content] of Object.entries(response.content ?? {})) {
            attempt(`${verb} ${template} ${status} ${media}`, content.schema);
          }
          for (const [name, h] of Object.entries(response.headers ?? {})) {
            attempt(`${verb} ${template} ${status} header ${name}`, h.schema);
          }
        }
      }
    }
    return failures;
  }

  function checkHeaders(
    key: string,
    response: OpenApiResponse,
    res: ResponseLike,
    options: CheckOptions,
  ): string[] {
    const problems: string[] = [];
    const lowered = new Map(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const mayLack = new Set((options.mayLack ?? []).map((h) => h.toLowerCase()));
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const text = headerValue(lowered.get(name.toLowerCase()));
      if (text === undefined) {
        if (!mayLack.has(name.toLowerCase())) {
          problems.push(`header ${name} is documented but missing`);
        }
        continue;
      }
      const schema = header.schema ?? {};
      const validate = compile(`${key} header ${name}`, schema);
      if (!validate(headerInstance(text, schema))) {
        problems.push(`header ${name}: ${JSON.stringify(text)} ${ajv.errorsText(validate.errors)}`);
      }
    }
    return problems;
  }

  function checkBody(key: string, response: OpenApiResponse, res: ResponseLike): string[] {
    const content = response.content ?? {};
    const media = mediaTypeOf(headerValue(res.headers['content-type']));
    if (Object.keys(content).length === 0) {
      return res.body === '' ? [] : [`a body was sent, none is documented (${media})`];
    }
    const entry = media === undefined ? undefined : content[media];
    if (!entry || media === undefined) {
      return [`content type ${media} is not one of ${Object.keys(content).join(', ')}`];
    }
    if (!/[/+]json$/.test(media)) {
      return [];
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [`${media} body does not parse: ${res.body.slice(0, 80)}`];
    }
    const validate = compile(`${key} ${media}`, entry.schema ?? {});
    if (validate(body)) {
      return [];
    }
    return (validate.errors ?? []).slice(0, 5).map((e) => {
      const at = e.instancePath || '/';
      return `body ${at} ${e.message} (${e.schemaPath}) ${JSON.stringify(e.params)}`;
    });
  }

  /**
   * Every way `res` (the answer to GET `url`) departs from the document; [] when it conforms.
   * Records the (route, status) pair as reached.
   */
  function check(url: string, res: ResponseLike, options: CheckOptions = {}): string[] {
    const template = templateOf(url);
    const operation = template ? operationOf(template) : undefined;
    if (!template || !operation) {
      return [`${method.toUpperCase()} ${url} is not in the document`];
    }
    const status = String(res.statusCode);
    // Recorded whether documented or not: an undocumented status is a violation, not a gap.
    const set = reached.get(template) ?? new Set<number>();
    set.add(res.statusCode);
    reached.set(template, set);
    const response =
      operation.responses[status] ??
      operation.responses[`${status[0]}XX`] ??
      operation.responses['default'];
    if (!response) {
      return [`${template}: status ${status} is not documented`];
    }
    const key = `${method} ${template} ${status}`;
    return [...checkBody(key, response, res), ...checkHeaders(key, response, res, options)].map(
      (p) => `${template} ${status}: ${p}`,
    );
  }

  /** The documented statuses of each route, as numbers ('200', '404', ...). */
  function documentedStatuses(): Record<string, number[]> {
    return Object.fromEntries(
      Object.entries(document.paths).map(([template, item]) => [
        template,
        Object.keys(item[method]?.responses ?? {})
          .map(Number)
          .sort((a, b) => a - b),
      ]),
    );
  }

  /** The (route, status) pairs seen so far (documented or not), statuses sorted. */
  function reachedStatuses(): Record<string, number[]> {
    return Object.fromEntries(
      [...reached].map(([template, set]) => [template, [...set].sort((a, b) => a - b)]),
    );
  }

  return {
    document,
    templateOf,
    operationOf,
    compileAll,
    check,
    documentedStatuses,
    reachedStatuses,
  };
}
