/**
 * Text for a terminal: every control, format, private-use or unassigned character (BEL, DEL,
 * backspace, ESC, U+202E...) is written as an escape, so stored data cannot ring, rewrite or
 * reorder the operator's screen (issue 46). Line breaks and tabs of our own layout stay.
 */
const UNSAFE = /(?![\n\t])\p{C}/gu;

const hex = (unit: number) => unit.toString(16).toUpperCase().padStart(2, '0');

/** Human-readable output: `\x07`, `\u{202E}`. */
export const terminalText = (text: string): string =>
  text.replace(UNSAFE, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x100 ? `\\x${hex(code)}` : `\\u{${hex(code)}}`;
  });

/** JSON text with those characters as `\uXXXX` escapes: the same JSON value, safe to print. */
export const terminalJsonText = (json: string): string =>
  json.replace(UNSAFE, (char) =>
    Array.from(
      { length: char.length },
      (_, i) => `\\u${hex(char.charCodeAt(i)).padStart(4, '0')}`,
    ).join(''),
  );

export const terminalJson = (value: unknown): string => terminalJsonText(JSON.stringify(value));
