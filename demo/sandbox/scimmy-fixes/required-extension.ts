import SCIMMY from 'scimmy';
import { scimError } from '../scim/scim-error';

type ResourceType = typeof SCIMMY.Resources.User;

/**
 * scimmy 1.3.5 checks a required schema extension on what it sends as on what it receives: once
 * SANDBOX_USER_EXTENSION makes an extension required, every User stored before answers GET (and
 * lists) with 400 "The request body is missing schema extension …", though a GET has no body.
 * So scimmy is told the extension is optional, `/ResourceTypes` still publishes it as required
 * (RFC 7643 §6), and the returned check requires it of every write (create, replace, PATCH).
 */
export function extendRequiredOnWrites(Resource: ResourceType, extension: SCIMMY.Types.SchemaDefinition): (written: Record<string, unknown>) => void {
  Resource.schema.definition.extend(extension, false);
  const describe = Resource.describe.bind(Resource);
  Resource.describe = () => {
    const description = describe();
    const schemaExtensions = description.schemaExtensions?.map((each) => (each.schema === extension.id ? { ...each, required: true } : each));
    return { ...description, ...(schemaExtensions ? { schemaExtensions } : {}) };
  };
  return (written) => {
    const values = written[extension.id];
    if (typeof values !== 'object' || values === null || Object.keys(values).length === 0) {
      throw scimError(400, `The request body is missing schema extension '${extension.id}' required by this resource type`, 'invalidValue');
    }
  };
}
