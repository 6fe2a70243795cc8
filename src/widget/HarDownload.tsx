import { version } from '../../package.json';
import { TAG_NAME } from '../public/constants';
import { parts } from '../public/parts';
import type { ScimCall } from '../scim/http/call';
import { harFileName, harOf } from '../scim/evidence/har';
import { saveFile } from './save-file';

/** Saves the batch's call log (every call of the batch and of its actions) as a HAR 1.2 file. */
export function HarDownload({ calls }: { calls: readonly ScimCall[] }) {
  const download = () => {
    saveFile(harFileName(new Date()), JSON.stringify(harOf(calls, { name: TAG_NAME, version }), null, 2));
  };
  return (
    <p className="har">
      <button type="button" part={parts('har-button')} onClick={download}>
        Download HAR
      </button>
    </p>
  );
}
