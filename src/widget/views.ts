/**
 * The views a page needs only once a batch has answered: the result lines and their Details, the
 * 401/429 notice, the action bar and each action's outcome, the report of Check, and Download HAR. The ES module build
 * puts them in a lazily loaded chunk.
 */
export { ActionBar } from './ActionBar';
export { CheckReport } from './CheckReport';
export { HarDownload } from './HarDownload';
export { Notice } from './Notice';
export { ResultLineItem } from './ResultLineItem';
