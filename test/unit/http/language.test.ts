import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from '../../../src/http/language.js';

const request = (value?: string) =>
  ({
    headers: value === undefined ? {} : { 'accept-language': value },
  }) as unknown as FastifyRequest;

describe('Accept-Language (DECISIONS.md "Languages")', () => {
  it.each([
    [undefined, 'en'],
    ['en-GB', 'en'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-HK', 'zh-HK'],
    ['zh-TW', 'zh-HK'],
    ['zh-Hant-TW', 'zh-HK'],
    ['fr-FR, de;q=0.9', 'en'],
    ['fr, zh-TW;q=0.8, en;q=0.5', 'zh-HK'],
    ['en;q=0.4, zh-CN;q=0.9', 'zh-CN'],
    ['*', 'en'],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateLanguage(request(header))).toBe(expected);
  });
});
