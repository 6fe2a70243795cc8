import { scimmySchemaDefinition } from './demo/sandbox/schema-definition';
const core = scimmySchemaDefinition({ id: 'urn:ietf:params:scim:schemas:test:2.0:Thing', name: 'Thing', attributes: [] });
const ext = scimmySchemaDefinition({ id: 'urn:ietf:params:scim:schemas:extension:test0:2.0:Thing', name: 'E', attributes: [{ name: 'a', type: 'binary', mutability: 'readWrite' }] });
core.extend(ext, false);
for (const rec of [{ schemas: ['urn:ietf:params:scim:schemas:test:2.0:Thing'] }, { schemas: ['urn:ietf:params:scim:schemas:test:2.0:Thing'], externalId: 'x' }]) {
  try { console.log(JSON.stringify(core.coerce(rec, 'in'))); } catch (e) { console.log(String(e)); }
}
