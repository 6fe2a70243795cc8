/**
 * The editor of the records, with its styles: a page loads it only when the reader opens "Edit
 * records". The ES module build puts it in a lazily loaded chunk.
 */
export { RecordEditor } from './RecordEditor';
