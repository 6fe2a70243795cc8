/**
 * The views a page needs only once a batch has answered: the result lines and their Details, the
 * 401/429 notice, the action bar and each action's outcome, the report of Check, Download HAR, and
 * each earlier press's Delete (EarlierPresses.tsx), with the styles of the lines and the notice; and
 * what shows once this chunk is here (the page idle, a hover, a focus or a press): a batch's progress, the reader's e-mail
 * domain (EmailDomain.tsx), and "Edit records" with the editor it opens (EditRecords.tsx). The ES
 * module build puts them in a lazily loaded chunk.
 */
export { default as resultStyles } from './results.css?inline';
export { Results } from './Results';
export { EmailDomain } from './EmailDomain';
export { EarlierPresses } from './EarlierPresses';
export { EditRecordsButton, EditRecordsPanel } from './EditRecords';
export { Progress } from './Progress';
