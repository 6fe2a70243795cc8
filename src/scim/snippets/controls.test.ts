import { describe, expect, it } from 'vitest';
import { SNIPPET_TARGETS } from './index';

// Issue 49, item 6: pasted into a terminal, a raw DEL erases the character before it and a C1
// control may start an escape sequence; run-snippets.test.ts runs the cURL one through `bash -i`.
const BODY = { userName: 'ab\u007fc', title: '\u009b2J \u0085 \u0080\u009f \u001b[31m' };

describe.each(SNIPPET_TARGETS)('$label', (target) => {
  const code = target.generate({ method: 'POST', url: 'https://scim.example.com/scim/v2/Users', headers: { 'Content-Type': 'application/scim+json' }, body: BODY });

  it('writes no DEL, C0 or C1 control of the body raw', () => {
    // eslint-disable-next-line no-control-regex -- the control characters are the point
    expect(code.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('writes them as JSON escapes (in JavaScript and Python, inside a string literal that doubles the backslash)', () => {
    expect(code).toMatch(/ab\\{1,2}u007fc/);
    expect(code).toMatch(/\\{1,2}u009b2J \\{1,2}u0085 \\{1,2}u0080\\{1,2}u009f \\{1,2}u001b\[31m/);
  });
});
