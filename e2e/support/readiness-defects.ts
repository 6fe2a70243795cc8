import express from 'express';
import { ERROR_SCHEMA, SCIM_CONTENT_TYPE } from '../../src/scim/protocol';
import type { IdpProfile } from '../../src/scim/profiles/names';

// The defects of issue 48, each a middleware in front of the sandbox: each must block exactly the
// IdPs whose documents require what it breaks (src/scim/readiness/run.sandbox.test.ts in Node,
// e2e/readiness.spec.ts in Chromium).

interface Operation {
  op?: string;
  path?: string;
  value?: unknown;
}
const operationsOf = (req: express.Request): Operation[] => (req.body as { Operations?: Operation[] }).Operations ?? [];
const json = express.json({ type: () => true });
const scimError = (res: express.Response, status: number, scimType: string) =>
  void res.status(status).type(SCIM_CONTENT_TYPE).json({ schemas: [ERROR_SCHEMA], status: String(status), scimType, detail: `Refused (${scimType})` });

/** A PATCH answered 2xx and not carried out when `ignored` says so; any other goes on to the sandbox. */
const ignoredPatch = (ignored: (operation: Operation) => boolean): express.RequestHandler => (req, res, next) =>
  operationsOf(req).some(ignored) ? void res.status(204).end() : next();

const lower = (text: string | undefined) => text?.toLowerCase();

export interface Defect {
  name: string;
  misbehave(app: express.Express): void;
  /** The blocker each IdP must report, or none when the IdP is ready. */
  blocks: Partial<Record<IdpProfile, string>>;
}

export const DEFECTS: Defect[] = [
  {
    name: 'capitalised PATCH ops refused with 400',
    misbehave: (app) => app.patch('/scim/v2/*path', json, (req, res, next) => (operationsOf(req).some(({ op }) => op !== lower(op)) ? scimError(res, 400, 'invalidSyntax') : next())),
    blocks: { entra: 'patch-op-case' },
  },
  {
    name: 'a value-filter path into emails refused',
    misbehave: (app) => app.patch('/scim/v2/Users/:id', json, (req, res, next) => (operationsOf(req).some(({ path }) => path?.startsWith('emails[')) ? scimError(res, 400, 'invalidPath') : next())),
    blocks: { entra: 'update-user' },
  },
  {
    name: 'a PUT answered 200 and nothing stored',
    misbehave: (app) => app.put('/scim/v2/Users/:id', json, (req, res) => void res.status(200).type(SCIM_CONTENT_TYPE).json({ ...(req.body as object), id: req.params.id })),
    // Every IdP whose Update is a PUT of the user.
    blocks: { okta: 'update-user', 'okta-aiw': 'update-user', onelogin: 'update-user', ping: 'update-user', authentik: 'update-user' },
  },
  {
    name: 'active false accepted and not applied',
    misbehave: (app) =>
      app.patch(
        '/scim/v2/Users/:id',
        json,
        ignoredPatch(({ path, value }) => (lower(path) === 'active' && (value === false || lower(String(value)) === 'false')) || (path === undefined && (value as { active?: unknown })?.active === false)),
      ),
    // Only the IdPs that deactivate by PATCH: Okta's AIW form, OneLogin, Ping and authentik PUT the user.
    blocks: { entra: 'soft-delete', okta: 'deactivate' },
  },
  {
    name: 'member removal accepted and not applied',
    misbehave: (app) => app.patch('/scim/v2/Groups/:id', json, ignoredPatch(({ op, path }) => lower(op) === 'remove' && Boolean(path?.startsWith('members')))),
    // Okta's AIW form PUTs the group instead.
    blocks: { entra: 'remove-members', okta: 'remove-member', onelogin: 'remove-member', ping: 'remove-member', authentik: 'remove-member' },
  },
  {
    name: 'a rename accepted and not applied',
    misbehave: (app) =>
      app.patch('/scim/v2/Groups/:id', json, ignoredPatch(({ op, path, value }) => lower(op) === 'replace' && (path === 'displayName' || (path === undefined && typeof (value as { displayName?: unknown })?.displayName === 'string')))),
    // Okta's AIW form PUTs the group; OneLogin documents no rename.
    blocks: { entra: 'rename-group', okta: 'rename-group', ping: 'rename-group', authentik: 'rename-group' },
  },
  {
    name: 'an unknown id answered 200 with an empty body',
    misbehave: (app) => {
      const known = new Set<string>();
      app.post('/scim/v2/Users', json, (_req, res, next) => {
        const send = res.json.bind(res);
        res.json = (body: { id?: string }) => (body.id && known.add(body.id), send(body));
        next();
      });
      app.get('/scim/v2/Users/:id', (req, res, next) => (known.has(req.params.id) ? next() : void res.status(200).end()));
    },
    blocks: { okta: 'unknown-id', 'okta-aiw': 'unknown-id' },
  },
  { name: 'no defect', misbehave: () => undefined, blocks: {} },
];

