/** Where the sandbox answers. A module of its own, so that browser code can import it without express. */
export const KEYS_PATH = '/api/keys';
export const SCIM_PATH = '/scim/v2';
