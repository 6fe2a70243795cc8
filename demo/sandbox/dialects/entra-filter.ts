/**
 * Entra ID looks a user up by e-mail, when that is the matching attribute, with a filter RFC 7644's
 * grammar has no form for: a sub-attribute after a value filter, `emails[type eq "work"].value eq
 * "ada@example.com"` (Microsoft's tutorial, "Use `userName` or `emails[type eq "work"]` attributes to
 * query users"; RFC 7644 §3.4.2.2 allows `attrPath` or `valuePath`, and `.value` after `]` is
 * neither). It means the RFC's `emails[type eq "work" and value eq "ada@example.com"]`, which is
 * what this rewrites it to, before the filter is checked and handed to scimmy.
 */
const SUB_ATTRIBUTE_AFTER_FILTER = /\b([A-Za-z][\w:.]*)\[([^\]"]*(?:"(?:[^"\\]|\\.)*"[^\]"]*)*)\]\.([A-Za-z]\w*)\s+(eq|ne|co|sw|ew|gt|ge|lt|le)\s+("(?:[^"\\]|\\.)*"|[^\s)]+)/g;

export function rfcFormOfEntraFilter(filter: string): string {
  return filter.replace(SUB_ATTRIBUTE_AFTER_FILTER, (_match, attribute: string, inner: string, sub: string, operator: string, value: string) => `${attribute}[${inner} and ${sub} ${operator} ${value}]`);
}
