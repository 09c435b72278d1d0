// What the Relay plugin's own types, fields and arguments (PageInfo, edges, first, after…) say to an analyst.
import { MAX_PAGE, DEFAULT_PAGE } from './connections.ts';

export const pagingDescriptions = {
  pageInfoTypeOptions: { description: 'Where a page stands in its list: whether there is more on either side, and the cursors of its ends.' },
  hasNextPageFieldOptions: { description: 'More items follow this page: ask again with after set to endCursor.' },
  hasPreviousPageFieldOptions: { description: 'More items come before this page: ask again with before set to startCursor (lists that page backwards).' },
  startCursorFieldOptions: { description: 'The cursor of the first item of the page; null when the page is empty.' },
  endCursorFieldOptions: { description: 'The cursor of the last item of the page; null when the page is empty.' },
  edgesFieldOptions: { description: 'The items of this page, in the list’s order, each with its cursor.' },
  pageInfoFieldOptions: { description: 'Whether there is more before or after this page, and its cursors.' },
  cursorFieldOptions: { description: 'This item’s place in the list, opaque: pass it as after (or before) to read on from here.' },
  nodeFieldOptions: { description: 'The item itself.' },
  firstArgOptions: {
    description: `At most this many items from the start of the list (or after the cursor given in after), 0 to ${MAX_PAGE}; ${DEFAULT_PAGE} when neither first nor last is given. More than ${MAX_PAGE} is refused (validation_failed), never cut short.`,
  },
  afterArgOptions: { description: 'Start after this cursor (an edge’s cursor, or pageInfo.endCursor of the page before).' },
  lastArgOptions: {
    description: `At most this many items from the end of the list (or before the cursor given in before), 0 to ${MAX_PAGE}. Campaign recipients refuse it: they page forwards only.`,
  },
  beforeArgOptions: { description: 'End before this cursor (pageInfo.startCursor of the page after). Campaign recipients refuse it.' },
} as const;
