import { ACTION_COMPLETE_EVENT, ACTION_RESULT_EVENT, CHECK_COMPLETE_EVENT, COMPLETE_EVENT, READINESS_COMPLETE_EVENT, RESULT_EVENT } from './event-names';

/**
 * The events the element dispatches: the one table the typings and custom-elements.json derive
 * from. Every event is a CustomEvent that bubbles and is composed, so a `document` listener hears
 * every instance.
 */
export const EVENT_TABLE = [
  {
    name: RESULT_EVENT,
    detailType: 'ItemResult',
    description:
      'One item of a batch has finished. `detail`: `{ index, status, statusText, ok, name?, detail?, scimType?, id?, location?, startedAt, durationMs, request, response?, record, edited?, verdict?, calls }`: the outcome of the call that decided the item (with `flow="idp"`, `verdict` says where the IdP would stop, or that a lookup found the resource; for a create answered 200, that the server returned a resource it already had); `status` is 0 when no response arrived (then `response` is absent); `edited: true` when the reader edited the record before the press (it went as they wrote it). `request` is `{ method, url, headers, body }` with the key as `$SCIM_TOKEN`; `response` is `{ status, statusText, headers, text?, body?, bodyFormat?, truncated?, waitMs }`: `text` is the body as received, `body` the same parsed when JSON, cut at 256 KB. `calls` lists every call the item made, in the order sent: each has the fields of `request`/`response` above plus `purpose` (`create`, `lookup`, `members`, or the kind of an action) and `item` (the index); a call that got no answer has the `statusText` and `detail` of the diagnosis, and one that never left the page (mixed content, or a write to a resource the batch did not make) `notSent: true`. The key appears nowhere.',
  },
  {
    name: COMPLETE_EVENT,
    detailType: 'BatchResult',
    description: `All ten items of a batch have finished. \`detail\`: \`{ results, calls }\`: every \`${RESULT_EVENT}\` detail in batch order, and every call of the batch in the order sent, batch-level ones (without \`item\`: the reads of the server's schema, \`purpose\` \`discover\`, and, with *Add members* when this page had created no users at \`base-url\`, the POSTs of the users the batch created to be members, \`purpose\` \`members\`: members are only users this page created, never one the server listed) included.`,
  },
  {
    name: ACTION_RESULT_EVENT,
    detailType: 'ActionItemResult',
    description: `An action has finished on one resource the batch created (one event per resource it acted on). \`detail\`: the fields of a \`${RESULT_EVENT}\` detail but \`record\` and \`name\` (\`status\`, \`statusText\`, \`ok\`, \`detail?\`, \`scimType?\`, \`startedAt\`, \`durationMs\`, \`request\`, \`response?\` …) of the call that decided it, plus \`action\` (the action's kind), \`batch\` (the element's press whose batch created the resource, 1 for its first: an earlier press's Delete, from its section above the lines, acts on that press's resources), \`index\` (the item's position in its batch), \`resourceId\`, \`done\` (a 2xx, or 404 for a delete: already gone), \`applied\` and \`differences\` (for every action once done: whether a GET then showed what the action meant, for Delete a 404 (RFC 7644 §3.6), and what it showed otherwise; \`appliedAfterMs\` when only a second look after a short wait showed it applied), \`call\` (the deciding call as the batch's call log holds it) and \`calls\` (every call of the action on that resource, the read-back GET included).`,
  },
  {
    name: ACTION_COMPLETE_EVENT,
    detailType: 'ActionResult',
    description: `Every call of an action has finished. \`detail\`: \`{ action, batch, results, memberUsers?, calls }\`: the press whose batch it acted on (as in each result), every \`${ACTION_RESULT_EVENT}\` detail of the action in batch order; for the Delete of a Groups batch whose groups took as members users this page created for them (with *Add members*, when the page had created none), \`memberUsers\`: after the groups, each such user as \`{ resourceId, userName, calls }\` plus either \`kept\` (why it was not deleted: still a member of a group that is not deleted) or \`action\`, \`call\`, \`done\` and \`applied\` (a GET then answered 404, as for the groups) with \`differences\` and \`appliedAfterMs\`; and the action's calls, the member users' (batch-level, no \`item\`) last.`,
  },
  {
    name: CHECK_COMPLETE_EVENT,
    detailType: 'CheckReport',
    description:
      'Check has finished. `detail`: `{ results, passed, failed, warned, skipped, notChecked, calls }`: each check as `{ id, name, source, outcome, reason?, note?, calls }` (`outcome` `pass`, `fail`, `warn` (a check the IdP needs only in a setup that is not its default), `skipped` or `not-checked` (rate limited, or this page changed what it reads), neither of the last two counted as failed; `source` the RFC section or IdP document it follows; `note` on a pass whose write showed only on a second look, e.g. `active false applied after 1 s.`), the counts, and every call of the run in the order sent.',
  },
  {
    name: READINESS_COMPLETE_EVENT,
    detailType: 'ReadinessVerdict',
    description:
      "A readiness run has finished for one IdP profile (one event per profile run). `detail`: `{ profile, ready, blockers, warnings, undecided, leftBehind, calls }`: `ready` when no blocker criterion failed or went undecided; each blocker and warning as `{ criterion, expects, source, answered, calls }` (`source`: `{ document, section, url, sentence }`, the IdP's own words; `answered`, what the server did instead; `calls`, the exchanges that show it); `undecided`, criteria whose steps did not run, and why; `leftBehind`, the URLs of resources the run made and could not delete; `calls`, every call of the run in the order sent.",
  },
] as const;
