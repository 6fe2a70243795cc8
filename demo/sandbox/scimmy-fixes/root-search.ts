import type { Request, RequestHandler } from 'express';
import SCIMMY from 'scimmy';
import { SCIM_CONTENT_TYPE } from '../../../src/scim/protocol';
import { DEFAULT_COUNT } from '../scim/default-count';
import { sendScimError } from '../scim/scim-error';

type ListResponse = SCIMMY.Messages.ListResponse<SCIMMY.Types.Schema>;
type ListQuery = ConstructorParameters<typeof SCIMMY.Types.Resource>[1];

/**
 * `POST /.search` at the root (RFC 7644 §3.4.3): Users, then Groups, as one list. scimmy-routers
 * would have scimmy 1.3.5 read every match of both types and page the merged list, which costs the
 * whole tenant; here each type is asked for its part of the page only. Sorting across the two types
 * would need every match, so sortBy is for /Users/.search and /Groups/.search.
 */
/** `contextOf` gives what the resource handlers get with each request (resources.ts ScimContext). */
export function rootSearch(contextOf: (req: Request) => object): RequestHandler {
  return async (req, res) => {
    try {
      const { filter, attributes, excludedAttributes, sortBy, startIndex = 1, count = DEFAULT_COUNT } = new SCIMMY.Messages.SearchRequest(req.body);
      if (sortBy !== undefined) {
        throw new SCIMMY.Types.Error(400, 'invalidValue', 'A search across resource types cannot sort; POST /Users/.search or /Groups/.search to sort');
      }
      const query = {
        ...(filter ? { filter } : {}),
        ...(attributes ? { attributes: attributes.join(',') } : {}),
        ...(excludedAttributes ? { excludedAttributes: excludedAttributes.join(',') } : {}),
      };
      // scimmy-routers sets where resources live (meta.location) on each request it routes; this one it does not.
      for (const Resource of [SCIMMY.Resources.User, SCIMMY.Resources.Group]) Resource.basepath(req.baseUrl);
      const users = await list(SCIMMY.Resources.User, { ...query, startIndex, count }, contextOf(req));
      const usersEnded = startIndex - 1 + users.Resources.length >= users.totalResults;
      const groupsFrom = Math.max(1, startIndex - users.totalResults);
      const groupCount = usersEnded ? count - users.Resources.length : 0;
      const groups = await list(SCIMMY.Resources.Group, { ...query, startIndex: groupsFrom, count: groupCount }, contextOf(req));
      const Resources = [...users.Resources, ...groups.Resources];
      res.type(SCIM_CONTENT_TYPE).json({
        schemas: [SCIMMY.Messages.ListResponse.id],
        Resources,
        startIndex,
        itemsPerPage: Resources.length,
        totalResults: users.totalResults + groups.totalResults,
      });
    } catch (error) {
      if (!(error instanceof SCIMMY.Types.Error)) throw error;
      sendScimError(res, error.status, error.message, error.scimType);
    }
  };
}

async function list(Resource: typeof SCIMMY.Resources.User | typeof SCIMMY.Resources.Group, query: ListQuery, context: object): Promise<ListResponse> {
  // Without an id, read() answers a ListResponse.
  return (await new Resource(undefined, query).read(context)) as ListResponse;
}
