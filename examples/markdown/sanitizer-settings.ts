// Settings that let DOMPurify and sanitize-html keep <scim-generator> with the element's own
// attributes, and nothing more: onclick and any other attribute are still removed, and so is
// <script> (load the element's script from the page's template, not from sanitized content).
import type { Config } from 'dompurify';
import sanitizeHtml from 'sanitize-html';
import { ATTRIBUTES, TAG_NAME } from '../../src/public/public-values'; // in your project: from 'scim-generator'

const attributeNames = Object.keys(ATTRIBUTES);

/** `DOMPurify.sanitize(html, DOMPURIFY_CONFIG)`, or merged into the config you use. */
export const DOMPURIFY_CONFIG = {
  CUSTOM_ELEMENT_HANDLING: {
    tagNameCheck: (tagName: string) => tagName === TAG_NAME,
    attributeNameCheck: (attributeName: string, tagName?: string) => tagName === TAG_NAME && attributeNames.includes(attributeName),
    allowCustomizedBuiltInElements: false,
  },
} satisfies Config;

/** `sanitizeHtml(html, sanitizeHtmlOptions())`: `base` (sanitize-html's defaults) with the element added. */
export function sanitizeHtmlOptions(base: sanitizeHtml.IOptions = sanitizeHtml.defaults): sanitizeHtml.IOptions {
  const allowedTags = base.allowedTags === false ? false : [...(base.allowedTags ?? []), TAG_NAME];
  const allowedAttributes = base.allowedAttributes === false ? false : { ...base.allowedAttributes, [TAG_NAME]: attributeNames };
  return { ...base, allowedTags, allowedAttributes };
}
