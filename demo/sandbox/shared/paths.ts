/** Where the sandbox answers. A module of its own, so that browser code can import it without express. */
export const KEYS_PATH = '/api/keys';
export const SCIM_PATH = '/scim/v2';
/** `GET` with `Authorization: Bearer <key>`: whether the sandbox still knows the key (keys expire, and may be evicted). */
export const CURRENT_KEY_PATH = `${KEYS_PATH}/current`;
