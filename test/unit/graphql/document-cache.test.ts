import { parse } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentCaches } from '../../../src/graphql/documents/document-cache.js';

describe('GraphQL document caches', () => {
  const opened: ReturnType<typeof createDocumentCaches>[] = [];
  const open = (options?: Parameters<typeof createDocumentCaches>[0]) => {
    const caches = createDocumentCaches(options);
    opened.push(caches);
    return caches;
  };
  afterEach(() => {
    for (const caches of opened.splice(0)) {
      caches.close();
    }
  });

  it('finds a document by its text, short or longer than a text key', () => {
    const { documentCache } = open();
    const short = '{ meta { plans { name } } }';
    const long = `{ meta { plans { name } } }${' '.repeat(20_000)}`;
    documentCache.set(short, parse(short));
    documentCache.set(long, parse(long));
    expect(documentCache.get(short)).toBeDefined();
    expect(documentCache.get(long)).toBeDefined();
    expect(documentCache.get(`${long} `)).toBeUndefined();
    expect(documentCache.get('{ meta { plans { id } } }')).toBeUndefined();
  });

  it('keeps parse errors apart from documents', () => {
    const { documentCache, errorCache } = open();
    errorCache.set('{ broken', new Error('Syntax Error'));
    expect(errorCache.get('{ broken')).toBeInstanceOf(Error);
    expect(documentCache.get('{ broken')).toBeUndefined();
  });

  it('stays within its byte cap whatever texts arrive', () => {
    const caches = open({ maxDocumentBytes: 200_000 });
    for (let i = 0; i < 500; i++) {
      const text = `{ m${i}: meta { plans { name } } }${' '.repeat(i * 10)}`;
      caches.documentCache.set(text, parse(text));
    }
    expect(caches.bytes()).toBeLessThanOrEqual(200_000);
  });
});
