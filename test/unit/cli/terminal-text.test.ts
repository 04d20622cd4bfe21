import { describe, expect, it } from 'vitest';
import { terminalJson, terminalText } from '../../../src/cli/terminal-text.js';

const RAW = /(?![\n\t])\p{C}/u;

describe('terminal text', () => {
  it('escapes control and format characters, keeps line breaks and tabs', () => {
    const stored = 'ann\u0007\u007f\b\u001bc\u202e@example.com\tok\nnext';
    const shown = terminalText(stored);
    expect(shown).toBe('ann\\x07\\x7F\\x08\\x1Bc\\u{202E}@example.com\tok\nnext');
    expect(RAW.test(shown)).toBe(false);
  });

  it('leaves ordinary text alone, accents and CJK included', () => {
    expect(terminalText('José 陳 ann@example.com')).toBe('José 陳 ann@example.com');
  });

  it('writes JSON with the same value and no raw character', () => {
    const value = { email: 'ann\u007f\u202e\u0007@example.com', astral: '\u{f0000}x', n: 1 };
    const text = terminalJson(value);
    expect(RAW.test(text)).toBe(false);
    expect(text).not.toContain('\u{f0000}');
    expect(JSON.parse(text)).toEqual(value);
  });
});
