import { version } from '../../package.json';
import { TAG_NAME } from '../public/constants';
import { parts } from '../public/parts';
import type { ScimCall } from '../scim/http/call';
import { harFileName, harOf } from '../scim/evidence/har';

/** Saves the batch's call log (every call of the batch and of its actions) as a HAR 1.2 file. */
export function HarDownload({ calls }: { calls: readonly ScimCall[] }) {
  const download = () => {
    const har = harOf(calls, { name: TAG_NAME, version });
    const url = URL.createObjectURL(new Blob([JSON.stringify(har, null, 2)], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: harFileName(new Date()) });
    link.click();
    // The download reads the URL after the click returns; free it once that has surely begun.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <p className="har">
      <button type="button" part={parts('har-button')} onClick={download}>
        Download HAR
      </button>
    </p>
  );
}
