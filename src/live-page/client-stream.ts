/**
 * `/live/stream.js`, a browser module: the page's two conversations with `/graphql`, a query
 * (POST, JSON) and one subscription over Server-Sent Events in graphql-yoga's "distinct
 * connections" mode (POST with `Accept: text/event-stream`; `event: next` carries a result,
 * `event: complete` ends it; a refused subscription is a 4xx JSON body, docs/push.md). Read
 * with fetch and a ReadableStream because `EventSource` cannot send the key's header, and the
 * key never goes in a URL (DECISIONS.md "Access").
 *
 * Kept as text (no backquotes, no dollar-brace in it): esbuild bundles it into dist/ as any
 * module, so `npm start` and the tests serve the same bytes.
 */
export const STREAM_JS = String.raw`// touchline /live: GraphQL over fetch, and one subscription read as an event stream.
const ENDPOINT = '/graphql';

/** Why a request or a stream failed: the API's error code, its message, Retry-After (s). */
export class LiveError extends Error {
  constructor(code, message, retryAfter) {
    super(message);
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

const headersOf = (key, accept) => ({
  Authorization: 'Bearer ' + key,
  Accept: accept,
  'Content-Type': 'application/json',
});

const retryAfterOf = (response) => {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
};

/** The first GraphQL error of a body as a LiveError (code from extensions.code). */
function errorOf(body, response) {
  const first = body && Array.isArray(body.errors) ? body.errors[0] : undefined;
  const code = (first && first.extensions && first.extensions.code) || 'http_' + response.status;
  const message = (first && first.message) || response.statusText || 'Request failed';
  return new LiveError(code, message, retryAfterOf(response));
}

async function bodyOf(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** One query; its data, or a LiveError (a refused operation, or a field error). */
export async function query(key, document, variables, signal) {
  const response = await fetch(ENDPOINT, {
    method: 'POST',
    headers: headersOf(key, 'application/graphql-response+json, application/json'),
    body: JSON.stringify({ query: document, variables }),
    cache: 'no-store',
    signal,
  });
  const body = await bodyOf(response);
  if (!response.ok || !body || !body.data || (body.errors && body.errors.length)) {
    throw errorOf(body, response);
  }
  return body.data;
}

/** Opens a subscription: the streaming response once the server accepted it. */
export async function subscribe(key, document, signal) {
  const response = await fetch(ENDPOINT, {
    method: 'POST',
    headers: headersOf(key, 'text/event-stream'),
    body: JSON.stringify({ query: document }),
    cache: 'no-store',
    signal,
  });
  const type = response.headers.get('content-type') || '';
  if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
    throw errorOf(await bodyOf(response), response);
  }
  return response;
}

/**
 * Calls onEvent(name, data) for each event of an event stream (comments skipped; data lines
 * joined), until the stream ends or onEvent returns false.
 */
export async function readEvents(body, onEvent) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        return;
      }
      buffer += value;
      // Line ends may be CRLF or CR; a CR at the end of a chunk waits for what follows it.
      if (!buffer.endsWith('\r')) {
        buffer = buffer.replace(/\r\n?/g, '\n');
      }
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
        let name = 'message';
        const data = [];
        for (const line of block.split('\n')) {
          if (line === '' || line.startsWith(':')) {
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') {
            name = text;
          } else if (field === 'data') {
            data.push(text);
          }
        }
        if (onEvent(name, data.join('\n')) === false) {
          return;
        }
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/**
 * Reads a subscription's results, calling onData(data) for each, until it ends: resolves with
 * the reason it ended (the code of the error that ended it, or stream_ended).
 */
export async function follow(response, onData) {
  let reason = new LiveError('stream_ended', 'The server ended the subscription');
  await readEvents(response.body, (name, data) => {
    if (name === 'complete') {
      return false;
    }
    if (name !== 'next' || data === '') {
      return true;
    }
    const result = JSON.parse(data);
    if (result.errors && result.errors.length) {
      reason = errorOf(result, response);
      return true;
    }
    if (result.data) {
      onData(result.data);
    }
    return true;
  });
  return reason;
}
`;
