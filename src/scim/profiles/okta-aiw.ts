import type { Criterion } from './criterion';
import { okta, OKTA_READINESS, OKTA_REFERENCE } from './okta';
import type { IdpProfileModule } from './profile';

// Okta's app-wizard (AIW) form: custom app integrations created with the App Integration Wizard.
// okta/okta-developer-docs docs/reference/scim/scim-20/index.md (cited in okta.ts), "Update the
// User": "For any custom app integrations created using the AIW, all SCIM operations that update a
// User object, including these operations [activating, deactivating, syncing the password], are
// always sent through a PUT method request"; "Delete Users": the deactivation "is sent through a PUT
// method request"; "Update a specific Group name" and "Update specific Group membership": "For
// custom app integrations created using the AIW, this request to update a Group object is sent
// through a PUT request". The records, lookups and sequences are okta's.

/** What AIW's PUTs change, and the sentence that says they are PUTs, by criterion of okta's table. */
const AIW_FORMS: Record<string, { expects: string; section: string; sentence: string }> = {
  deactivate: {
    expects: 'Deactivate: a GET of the user, then a PUT of it with active false; a GET then shows active false',
    section: 'Delete Users',
    sentence: 'For any custom app integrations created using the AIW, this request is sent through a PUT method request.',
  },
  'remove-member': {
    expects: 'A GET of the group, then a PUT of it without the member; a GET then shows the member gone and the others kept',
    section: 'Update specific Group membership',
    sentence: 'For custom app integrations created using the AIW, this request to update a Group object is sent through a PUT request.',
  },
  'rename-group': {
    expects: 'A GET of the group, then a PUT of it with the new displayName; a GET then shows the new name',
    section: 'Update a specific Group name',
    sentence: 'For custom app integrations created using the AIW, this request to update a Group object is sent through a PUT request.',
  },
};

/** Okta's criteria, those of the forms AIW sends otherwise taken from the same reference's AIW sentences. */
const OKTA_AIW_READINESS: readonly Criterion[] = OKTA_READINESS.map((criterion) => {
  const form = AIW_FORMS[criterion.id];
  return form ? { ...criterion, expects: form.expects, source: { ...OKTA_REFERENCE, section: form.section, sentence: form.sentence } } : criterion;
});

export const oktaAiw: IdpProfileModule = {
  ...okta,
  dialect: {
    ...okta.dialect,
    // "Update a specific User (PUT)": the GET, then a PUT of what it returned with `active` changed.
    deactivate: (active) => ({ put: (current) => ({ ...current, active }) }),
    // The reference documents AIW's group PUTs but not their bodies: the GET, then a PUT of what it
    // returned with the change, as for users (chosen, not documented).
    'remove-members': (memberId) => ({
      put: (group) => ({ ...group, members: (Array.isArray(group.members) ? (group.members as { value?: unknown }[]) : []).filter(({ value }) => value !== memberId) }),
    }),
    rename: ({ displayName }) => ({ put: (group) => ({ ...group, displayName }) }),
  },
  // Its own verdict: a server can take OIN's PATCHes and still lose AIW's PUTs.
  idp: { name: 'Okta (AIW)', readiness: OKTA_AIW_READINESS },
};
