import express, { type Request, type Router } from 'express';
import SCIMMY from 'scimmy';
import SCIMMYRouters from 'scimmy-routers';
import { authenticatedKey, requireApiKey } from './auth';
import type { SandboxConfig } from '../config';
import { keepQueryWritable } from '../scimmy-fixes/express5-query';
import type { KeyRing } from '../keys/key-ring';
import { nestExtensionSubAttributes } from '../scimmy-fixes/extension-paths';
import { ownErrorText } from '../scimmy-fixes/own-error-text';
import { resolveFilteredPaths } from '../scimmy-fixes/patch-filters';
import { guardQueries } from '../scimmy-fixes/query-guard';
import { onlyGetOnDiscovery } from './discovery-methods';
import { limitPerKey } from './rate-limit';
import type { RateLimitCounters } from './rate-limit-counters';
import { lockResource } from './resource-lock';
import { lastResort } from './last-resort';
import { speakingScim } from './store-errors';
import { answerUnavailable, noteStoreError } from './unavailable';
import { declareScimResources, type ScimContext } from '../resources/resources';
import { rootSearch } from '../scimmy-fixes/root-search';
import { parseScimBody, scimBodyErrors } from './scim-body';
import { sendScimError } from '../scim/scim-error';
import type { SandboxStore } from '../store/store';

/**
 * The SCIM API, to mount at `/scim/v2`: authentication, then rate limiting, then scimmy-routers,
 * with the store of the key's tenant as the context of every request.
 */
export function scimRouter(store: SandboxStore, keys: KeyRing, config: SandboxConfig, counters: RateLimitCounters, emailDomain?: string): Router {
  declareScimResources();
  const contextOf = (req: Request): ScimContext => ({
    tenant: speakingScim(store.tenant(authenticatedKey(req).id), (error) => noteStoreError(req, error)),
    maxValues: config.maxValues,
    emailDomain,
  });

  const router = express.Router();
  router.use(
    ownErrorText,
    requireApiKey(keys),
    limitPerKey(config.windowMs, counters),
    onlyGetOnDiscovery,
    keepQueryWritable,
    parseScimBody(config),
    scimBodyErrors,
    guardQueries,
    nestExtensionSubAttributes,
    lockResource(store, config.lockWaitMs),
    resolveFilteredPaths(contextOf),
  );
  router.all('/Me', (_req, res) => sendScimError(res, 501, 'The sandbox has no /Me endpoint: API keys are not Users'));
  router.post('/.search', rootSearch(contextOf));

  // scimmy's service provider config is process-wide and the SCIMMYRouters constructor
  // appends its authentication scheme to it, so clear the list to avoid one copy per sandbox.
  SCIMMY.Config.set('authenticationSchemes', []);
  router.use(
    new SCIMMYRouters({
      type: 'bearer',
      // requireApiKey has already turned away unknown keys.
      handler: (req) => authenticatedKey(req).id,
      context: contextOf,
    }),
  );
  // The constructor also switches Bulk on. One Bulk request could write a thousand
  // resources past the per-request plan limits, so switch it off again.
  SCIMMY.Config.set('bulk', false);

  router.use(answerUnavailable, lastResort);

  return router;
}
