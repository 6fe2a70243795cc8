/**
 * The element's CSS parts (`::part()`): the one table the widget's `part` attributes and
 * custom-elements.json derive from.
 */
export const PART_TABLE = {
  base: 'The wrapper around everything the element shows.',
  button: 'The "Generate Users →" / "Generate Groups →" button.',
  'checkbox-label': 'The label of the checkbox.',
  checkbox: 'The "Create activated users" checkbox (Users), or the "Add members" checkbox (Groups).',
  'editor-button': 'The "Edit records" button beside the checkbox (absent with `editor="off"`), and "Reset edits" in the editor.',
  editor: 'The editor of the records, below the button once "Edit records" opens it: the text box, what the edits do, and "Reset edits".',
  'editor-text': 'The text box of the editor: the ten records the next press sends, as JSON.',
  note: 'Above the result lines: why the records follow the profile when `schema="discover"` could not read the server\'s schema, and where the groups\' members came from when "Add members" created its own users, or why the groups were created without members.',
  'email-domain': "Below the button, the \"E-mail domain\" disclosure: the domain of the users' userNames and e-mails (the reader's own for this base-url, else `email-domain`'s), and the form that sets or clears the reader's own.",
  results: 'The list of result lines.',
  result: 'Each result line; it also has the part `success` or `error`.',
  success: 'A result line whose item was created (2xx).',
  error: 'A result line whose item was not created.',
  status: 'The HTTP status code of a result line (0 when no response arrived).',
  'status-text': 'The reason phrase of a result line.',
  name: "The created record's name on a success line.",
  detail: "The server's SCIM error `scimType` and `detail` on an error line.",
  verdict:
    'With `flow="idp"`: where the IdP\'s sequence ended short of a create, e.g. "Lookup GET /Users?filter=… answered 400 invalidFilter: Entra would stop here", or that the resource already exists; for a create answered 200, that the server returned a resource it already had; for a group created (201) whose members PATCH then failed, "created (201), then …".',
  notice:
    'The 401 (not authenticated) or 429 (rate limited) notice that replaces the lines, or the note that replaces it once the stored key has changed.',
  progress: 'From the press until the last answer: the progress bar and "n of 10".',
  'batch-calls': 'Above the lines, the "Batch calls" disclosure: the calls of the batch that belong to no item (the reads of the server\'s schema, the POSTs of the users a Groups batch creates to be members, the probes of a diagnosis), in the same panel as a line\'s Details.',
  'details-button': 'The "Details" disclosure button of a result line, the "Batch calls" one, and "Show all" below a long body in a panel.',
  details: "A result line's details panel: the request, the response and the duration.",
  'copy-button':
    'The "Copy as cURL" (or PowerShell, JavaScript, Python), "Copy request JSON" and "Copy response JSON" buttons of a details panel, and Copy report.',
  'snippet-language': 'The "Copy as" choice of language (cURL, PowerShell, JavaScript, Python) atop a details panel and beside Copy report.',
  'har-button': 'The "Download HAR" button, after a batch: every call of the batch as a HAR 1.2 file.',
  actions: 'The action buttons for what the last batch created (Users: Update, Deactivate, Delete; Groups: Remove members, Rename, Delete), Check, and their status.',
  'action-button': 'Each action button, the Check button, and the Delete of an earlier press.',
  'action-status': 'What the action buttons can still do, or why they cannot ("Nothing left to act on …").',
  action: 'How the last action on the resource of a line ended, e.g. "Updated: 200 OK"; a failed one also has the part `action-failed`.',
  'action-failed':
    'The `action` of a line whose last action failed or did not hold by its read-back; it leads with what went wrong, e.g. "Not updated: the server still has title … (PATCH answered 200)".',
  'member-user':
    'After the Delete of a Groups batch with members, a line (in its own `results` list) for each user this page created to be the groups\' members: "Member user … · Deleted: 204 No Content" once a GET answered 404, "· Not deleted: a GET still finds the user (DELETE answered 204)", or "· Kept: still a member of a group of another of this page\'s batches"; the outcome has the part `action`, and `action-failed` when the user is still there.',
  earlier:
    'Above the lines, a section for each earlier press of the element that left something on the server: its status (`earlier-status`), its "Delete" (`action-button`, until nothing is left), then a line (`earlier-item`) for each resource its Delete acted on and the member users\' lines (`member-user`). Shown until the next press after everything in it is deleted.',
  'earlier-status':
    'What an earlier press left, e.g. "Press 1 made 10 users that are still on the server.", "Press 1: Deleting…", or once nothing is left "Press 1: everything it made is deleted."',
  'earlier-item':
    'In an earlier press\'s section, each resource its Delete acted on: the record\'s name, then the outcome as a line\'s (`action`, and `action-failed` when it failed or a GET still finds the resource).',
  checks: 'The report of Check: one line per check, the summary and Copy report.',
  check: 'Each line of the report of Check; it also has the part `pass`, `fail`, `warn`, `skipped` or `not-checked`.',
  pass: 'A check line whose check passed.',
  fail: 'A check line whose check failed; it says what was expected and what came.',
  warn: "A check line whose check failed where the IdP needs it only in a setup that is not its default; it says which.",
  skipped: "A check line whose check was skipped, since the server's ServiceProviderConfig says it lacks the feature.",
  'not-checked': 'A check line whose check could not run: the server rate limited it (naming the wait), or this page changed what it reads since the batch.',
  'check-summary': 'Below the check lines: "n passed, m failed, w warned, k skipped", then ", j not checked" when some were.',
  readiness: 'Each button that runs a readiness run: one per IdP profile of `readiness`, and "All" when there are several.',
  'readiness-verdict': 'Each verdict line of a readiness run, e.g. "Ready for Okta" or "Entra: 2 blockers, 1 warning", with its blockers and warnings below it.',
  'readiness-download': 'The "Download JSON" button below the verdicts: every verdict of the last readiness run, its calls included, as a JSON file.',
  message:
    'The error shown instead of the button for an invalid attribute, or in place of the lines when the record generator could not load.',
} as const;

export type PartName = keyof typeof PART_TABLE;

/** The value of a `part` attribute naming these parts; only declared parts type-check. */
export function parts(...names: PartName[]): string {
  return names.join(' ');
}
