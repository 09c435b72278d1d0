// Relay paging through the relay plugin's cursor helper over keyset walks: opaque cursors, pages of at most 100,
// more refused rather than cut, and a cursor this service did not give out refused naming its argument.
import { resolveCursorConnection, type DefaultConnectionArguments, type PageInfoShape } from '@pothos/plugin-relay';
import { DomainError } from '../core/domain/errors.ts';
import { ZId } from '../core/inputs/common.ts';
import type { IdWalk } from '../core/db/sql.ts';

export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 50;

type Connection<T> = Promise<{ edges: { cursor: string; node: T }[]; pageInfo: PageInfoShape }>;

/** Cursors of one kind of walk: a prefix naming it and the position, in base64url (the form clients already hold). */
function cursors<P>(prefix: string, parse: (text: string) => P | undefined) {
  return {
    of: (position: string | number) => Buffer.from(`${prefix}${position}`).toString('base64url'),
    positionOf(cursor: string, field: 'after' | 'before'): P {
      const text = Buffer.from(cursor, 'base64url').toString('utf8');
      const position = text.startsWith(prefix) ? parse(text.slice(prefix.length)) : undefined;
      if (position === undefined) throw new DomainError('validation_failed', `${field} must be a cursor of this connection.`, { field });
      return position;
    },
  };
}

const idCursors = cursors('id:', (text) => {
  const id = ZId.safeParse(text);
  return id.success ? id.data : undefined;
});

const positionCursors = cursors('n:', (text) => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
});

function checkPageSize(args: DefaultConnectionArguments): void {
  for (const field of ['first', 'last'] as const) {
    const n = args[field];
    if (n !== null && n !== undefined && (n < 0 || n > MAX_PAGE)) throw new DomainError('validation_failed', `${field} is 0 to ${MAX_PAGE}.`, { field });
  }
}

/**
 * A connection over a walk by id, newest first: `fetch` gets the ids of the cursors as bounds (after: older than,
 * before: newer than), a limit one past the page so that the next page is known, and `ascending` for `last` (the
 * helper turns the page round).
 */
export function idConnection<T extends { id: string }>(args: DefaultConnectionArguments, fetch: (walk: IdWalk) => Promise<T[]>): Connection<T> {
  checkPageSize(args);
  const after = args.after ? idCursors.positionOf(args.after, 'after') : undefined;
  const before = args.before ? idCursors.positionOf(args.before, 'before') : undefined;
  return resolveCursorConnection({ args, toCursor: (node) => idCursors.of((node as T).id), defaultSize: DEFAULT_PAGE, maxSize: MAX_PAGE }, ({ limit, inverted }) =>
    fetch({ olderThan: after, newerThan: before, limit, ascending: inverted }),
  ) as Connection<T>;
}

/**
 * A connection that pages forwards only, over positions from 1 (a campaign's recipients in audience order):
 * `fetch` gets the position of `after` and a limit one past the page. `what` names the items in the refusal of
 * last and before.
 */
export function forwardConnection<T extends { n: number }>(
  args: DefaultConnectionArguments,
  what: string,
  fetch: (page: { after: number | undefined; limit: number }) => Promise<T[]>,
): Connection<T> {
  const backwards = `${what} are paged forwards: use first and after.`;
  if (args.last !== null && args.last !== undefined) throw new DomainError('validation_failed', backwards, { field: 'last' });
  if (args.before) throw new DomainError('validation_failed', backwards, { field: 'before' });
  checkPageSize(args);
  const after = args.after ? positionCursors.positionOf(args.after, 'after') : undefined;
  return resolveCursorConnection({ args, toCursor: (node) => positionCursors.of((node as T).n), defaultSize: DEFAULT_PAGE, maxSize: MAX_PAGE }, ({ limit }) =>
    fetch({ after, limit }),
  ) as Connection<T>;
}
