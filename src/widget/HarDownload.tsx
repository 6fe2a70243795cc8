import { version } from '../../package.json';
import { TAG_NAME } from '../constants';
import { parts } from '../parts';
import type { ScimResult } from '../scim/client';
import { harFileName, harOf } from '../scim/har';

/** Saves the batch's calls (creates, then any Deactivate or Delete calls) as a HAR 1.2 file. */
export function HarDownload({ calls }: { calls: readonly ScimResult[] }) {
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
