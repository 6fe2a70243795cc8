// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_KEY_TOKEN } from '../secrets/key-token';
import { SCIM_CONTENT_TYPE } from '../protocol';
import { powerShellCommand, psHereString, psQuote } from './powershell';

// PowerShell cannot run here (Debian has no pwsh package), so these tests read the snippets as
// PowerShell's tokenizer reads a single-quoted string and a single-quoted here-string
// (about_Quoting_Rules; the language specification, §2.3.5.2): nothing inside expands, a quote
// of any kind (' ‘ ’ ‚ ‛) doubled stands for itself, and a here-string ends at the first line
// that starts with a quote and `@`.

const QUOTE = /['\u2018\u2019\u201A\u201B]/;

/** The value of the single-quoted string or here-string at the start of `source`, and where it ends. */
function readLiteral(source: string): { value: string; end: number } {
  const hereString = /^@['\u2018\u2019\u201A\u201B][ \t]*\r?\n/.exec(source);
  if (hereString) {
    const body = source.slice(hereString[0].length);
    const close = /(?:^|\r?\n)['\u2018\u2019\u201A\u201B]@/.exec(body);
    if (!close) throw new Error('unterminated here-string');
    return { value: body.slice(0, close.index), end: hereString[0].length + close.index + close[0].length };
  }
  if (!QUOTE.test(source[0] ?? '')) throw new Error(`not a single-quoted string: ${source.slice(0, 20)}`);
  let value = '';
  for (let at = 1; at < source.length; at += 1) {
    const char = source[at] as string;
    if (!QUOTE.test(char)) value += char;
    else if (QUOTE.test(source[at + 1] ?? '')) value += source[(at += 1)];
    else return { value, end: at + 1 };
  }
  throw new Error('unterminated string');
}

const HOSTILE = [`'`, `''`, '‘', '’', '‚', '‛', '"', '“', '”', '$env:SCIM_TOKEN', '$(Get-Date)', '${x}', '`n', '`', '\\', '\n', '\r\n', "'@", '@\'', '’@', '😀', 'é', '\u0000', '\u2028'];
const awkward = fc.array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary' })), { maxLength: 8 }).map((parts) => parts.join(''));

/** PowerShell reads each literal back as the text it was made of, and ends it where it ends. */
function readsBack(literalOf: (text: string) => string): void {
  fc.assert(
    fc.property(awkward, (text) => {
      const literal = literalOf(text);
      expect(readLiteral(literal)).toEqual({ value: text, end: literal.length });
    }),
    { numRuns: 300 },
  );
}

describe('PowerShell quoting', () => {
  it('a single-quoted string doubles each single quote of any kind and keeps $, backticks and line breaks as text', () => {
    expect(psQuote(`it's ‘x’ $env:HOME \`n`)).toBe(`'it''s ‘‘x’’ $env:HOME \`n'`);
    readsBack(psQuote);
  });

  it('a single-quoted here-string holds one line as it is, quotes undoubled; other text falls back to psQuote', () => {
    expect(psHereString(`{"name":"O'Brien $HOME \`id\`"}`)).toBe(`@'\n{"name":"O'Brien $HOME \`id\`"}\n'@`);
    expect(psHereString(`'@ ends a here-string`)).toBe(psQuote(`'@ ends a here-string`));
    expect(psHereString('two\nlines')).toBe(`'two\nlines'`);
    readsBack(psHereString);
  });
});

describe('powerShellCommand', () => {
  const body = { userName: `O'Brien "q" \\ $HOME \`id\` ’@\n😀` };
  const command = powerShellCommand({
    method: 'POST',
    url: "https://scim.example.com/scim/v2/Users?x=it's",
    headers: { 'Content-Type': SCIM_CONTENT_TYPE, Accept: SCIM_CONTENT_TYPE, Authorization: `Bearer ${API_KEY_TOKEN}` },
    body,
  });
  const valueOf = (prefix: string) => {
    const at = command.indexOf(prefix);
    expect(at, prefix).toBeGreaterThanOrEqual(0);
    return readLiteral(command.slice(at + prefix.length)).value;
  };

  it('holds the body byte for byte in a here-string, sent as its UTF-8 bytes with the content type as recorded', () => {
    expect(valueOf('$body = ')).toBe(JSON.stringify(body));
    expect(command).toContain('Body = [System.Text.Encoding]::UTF8.GetBytes($body)');
    expect(valueOf('ContentType = ')).toBe(SCIM_CONTENT_TYPE);
    expect(command).not.toMatch(/'Content-Type' =/);
  });

  it('repeats method, URL and headers, the key read from $env:SCIM_TOKEN outside any quotes', () => {
    expect(valueOf('Method = ')).toBe('POST');
    expect(valueOf('Uri = ')).toBe("https://scim.example.com/scim/v2/Users?x=it's");
    expect(valueOf("'Accept' = ")).toBe(SCIM_CONTENT_TYPE);
    expect(command).toContain("'Authorization' = 'Bearer ' + $env:SCIM_TOKEN\n");
    expect(command).toMatch(/^Invoke-RestMethod @request -MaximumRedirection 0 -SkipHttpErrorCheck$/m);
  });

  it('sends no body and no content type for a call without them', () => {
    const bare = powerShellCommand({ method: 'DELETE', url: 'https://scim.example.com/scim/v2/Users/1', headers: { Accept: SCIM_CONTENT_TYPE } });
    expect(bare).not.toMatch(/\$body|ContentType|Body =/);
    expect(bare).toContain("Method = 'DELETE'");
  });
});
