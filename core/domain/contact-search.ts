// Finding contacts by a part of their name or of their number, as a member types it to pick contacts for a group.
import { phoneSearchPrefix } from './phone.ts';

export const MIN_CONTACT_SEARCH = 2;
export const MAX_CONTACT_SEARCH = 100;

export type ContactSearch =
  /** LIKE patterns over the E.164 number, any of which matches. */
  | { by: 'number'; patterns: string[] }
  /** A case-blind LIKE pattern (LIKE's default escape, backslash) over the name: the text anywhere in it. */
  | { by: 'name'; pattern: string };

const NUMBER_TYPED = /^\+?[\d\s]+$/;

/** LIKE's own characters taken literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Digits, spaces and a leading + are a number: its digits anywhere in it (the end a customer remembers), or, as
 * the contact list reads the start of a number (0754, 255754, +255754), its start. Anything else is a part of a name.
 */
export function contactSearch(search: string): ContactSearch {
  const typed = search.trim();
  if (!NUMBER_TYPED.test(typed)) return { by: 'name', pattern: `%${escapeLike(typed)}%` };
  const digits = typed.replace(/\D/g, '');
  const prefix = phoneSearchPrefix(typed);
  const patterns = typed.startsWith('+') ? [`+${digits}%`] : [`%${digits}%`];
  if (prefix !== null && !patterns.includes(`${prefix}%`)) patterns.push(`${prefix}%`);
  return { by: 'number', patterns };
}
