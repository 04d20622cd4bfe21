import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../../src/web/dashboard-usage.js';

describe('usage data embedded in the page', () => {
  it('cannot close its script element or open a comment, and reads back the same', () => {
    const value = { label: '</script><script>alert(1)</script><!-- & \u2028 \u2029 >', n: [1, 2] };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
