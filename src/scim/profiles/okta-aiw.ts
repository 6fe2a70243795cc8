import type { Profile } from './profile';
import { okta } from './okta';

// Okta's app-wizard (AIW) form: custom app integrations created with the App Integration Wizard.
// okta/okta-developer-docs docs/reference/scim/scim-20/index.md, "Update the User": "For any custom
// app integrations created using the AIW, all SCIM operations that update a User object, including
// these operations [activating, deactivating, syncing the password], are always sent through a PUT
// method request", and "Delete Users": the deactivation "is sent through a PUT method request".
// The records, lookups and groups are okta's. Its group updates ("Update a specific Group name",
// "Update specific Group membership") are PUTs of the group for AIW too; this profile keeps okta's
// PATCH there, as the element's group forms are PATCHes (docs/idp-profiles.md).

export const oktaAiw: Profile = {
  ...okta,
  dialect: {
    ...okta.dialect,
    // "Update a specific User (PUT)": the GET, then a PUT of what it returned with `active` changed.
    deactivate: (active) => ({ put: (current) => ({ ...current, active }) }),
  },
};
