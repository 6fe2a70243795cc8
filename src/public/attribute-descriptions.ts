import { IDP_PROFILES } from '../scim/profiles/names';
import type { AttributeName } from './attribute-table';

/**
 * What each attribute sets, for custom-elements.json (`npm run manifest`). Kept out of the
 * attribute table so that the element's bundle does not carry it; `satisfies` makes a missing or
 * unknown attribute a compile error.
 */
export const ATTRIBUTE_DESCRIPTIONS = {
  'resource-type':
    'The SCIM resource type to create.',
  'base-url':
    'The SCIM v2 base URL, absolute or relative to the page; a trailing slash is optional. Must be http(s) without credentials.',
  'api-key-url':
    'The page where users get an API key, linked from the 401 and 429 notices. Only http(s) URLs become links.',
  'timeout':
    'Milliseconds each request may take before its line shows `0 Timed out`; a whole number above 0.',
  'plan-card-selector':
    'CSS selector of the plan cards on the API key page; "Create a new Free Access key" clicks the first match, "Create a Pro Access key" the second.',
  'profile':
    "Which attributes the records carry, and in which IdP's dialect.",
  'flow':
    "How each item is sent: `create`, one POST; `idp`, the default, in the order of the profile's IdP, with a verdict where the IdP would stop (basic and full have no IdP: the POST).",
  'schema':
    "Where the records' attributes come from: `profile`, the profile's own; `discover`, the server's /ResourceTypes and /Schemas (read once per page), every required attribute filled, nothing undeclared or readOnly sent.",
  'editor':
    '`on`, the default: the reader can open the records the next press sends, edit them as JSON, and send what they wrote; `off` hides "Edit records" (a docs site that wants only the one-press experience).',
  'seed':
    'Makes the records reproducible: a whole number from 0 to 4294967295.',
  'readiness':
    `The IdP profiles (${IDP_PROFILES.map((name) => `\`${name}\``).join(', ')}) whose readiness the reader can run, separated by spaces: each gets a verdict from its whole provisioning cycle, with a blocker for each criterion of its documents the server does not meet.`,
  'email-domain':
    "The e-mail domain of every user's userName and e-mail addresses, e.g. `acme.test`, for a server that takes only its own; none keeps the examples' reserved domains. A domain name with at least one dot. The reader's own setting, kept per base-url, wins over it.",
} as const satisfies Record<AttributeName, string>;
