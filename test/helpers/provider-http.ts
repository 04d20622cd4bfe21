import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  type Credentials,
  type ProviderHttp,
  type ProviderRequest,
  SourceRefusal,
  SourceUnavailable,
} from '../../src/ingest/sync/adapter.js';

/**
 * The plainest `ProviderHttp`: one fetch per request, the schema and the adapter's `refuse`
 * checked, no budget, retries or conditional requests. For adapter mapping tests against the
 * stand-in; the sync runner uses the kit's client (src/ingest/sync/provider-client.ts).
 */
export function plainProviderHttp(
  source: string,
  baseUrl: string,
  credentials: Credentials,
): ProviderHttp {
  return {
    async get<S extends TSchema>(request: ProviderRequest<S>): Promise<Static<S> | null> {
      const url = new URL(request.path.replace(/^\//, ''), `${baseUrl.replace(/\/$/, '')}/`);
      for (const [k, v] of Object.entries({ ...request.query, ...credentials.query })) {
        if (v !== undefined) {
          url.searchParams.set(k, String(v));
        }
      }
      const address = `${url.origin}${url.pathname}`;
      const response = await fetch(url, {
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...credentials.headers,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      const text = await response.text();
      if (!response.ok) {
        throw new SourceUnavailable(source, address, `HTTP ${response.status}`);
      }
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        throw new SourceRefusal(source, request.resource, address, 'not valid JSON');
      }
      const check = Compile(request.schema);
      if (!check.Check(answer)) {
        const first = [...check.Errors(answer)][0];
        throw new SourceRefusal(
          source,
          request.resource,
          address,
          `${first?.instancePath ?? ''} ${first?.message ?? 'does not match'}`,
        );
      }
      const reason = request.refuse?.(answer as Static<S>);
      if (reason) {
        throw new SourceRefusal(source, request.resource, address, reason);
      }
      return answer as Static<S>;
    },
  };
}
