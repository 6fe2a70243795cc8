import MarkdownIt from 'markdown-it';
import { documentationFiles } from '../../src/test-support/documentation';

/** A documented way of running a copied cURL command: code that names SCIM_TOKEN, and where it stands. */
export interface CurlRecipe {
  path: string;
  code: string;
}

const markdown = new MarkdownIt({ html: true });

type Token = ReturnType<typeof markdown.parse>[number];

function codeOf(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token) => {
    if (token.type === 'fence' || token.type === 'code_block' || token.type === 'code_inline') return [token.content];
    return token.children ? codeOf(token.children) : [];
  });
}

/** The variable's bare name, the call log's token, and how the other languages of Copy as read or set it: not shell. */
const NOT_SHELL = /^SCIM_TOKEN$|secrets\.SCIM_TOKEN|\{\{SCIM_TOKEN\}\}|\$env:SCIM_TOKEN|process\.env\.SCIM_TOKEN|os\.environ\["SCIM_TOKEN"\]|globalThis\.SCIM_TOKEN/;

/**
 * Every recipe for running a copied cURL in README.md and docs/**\/*.md: each code span or block
 * that names SCIM_TOKEN other than as the `$SCIM_TOKEN` the command itself holds (setting it,
 * exporting it, reading it, passing it to a shell), or as another language has it.
 */
export function documentedCurlRecipes(): CurlRecipe[] {
  return documentationFiles().flatMap(({ path, text }) =>
    codeOf(markdown.parse(text, {}))
      .filter((code) => /(?<![$]|\$\{)\bSCIM_TOKEN\b/.test(code) && !NOT_SHELL.test(code))
      .map((code) => ({ path, code: code.trim() })),
  );
}

const KEY_PLACEHOLDER = /<[^<>]*\bkey\b[^<>]*>/gi;
const PASTE_PLACEHOLDER = /<[^<>]*>|…/;

/**
 * The shell script a reader ends up running: the recipe with the key put in for its placeholder
 * (`<your key>`), and the copied command pasted where the recipe says (`<paste>`, `…`), else after it.
 */
export function scriptFor({ code }: CurlRecipe, command: string, key: string): string {
  const withKey = code.replace(KEY_PLACEHOLDER, key);
  return PASTE_PLACEHOLDER.test(withKey) ? withKey.replace(PASTE_PLACEHOLDER, () => command) : `${withKey}\n${command}`;
}
