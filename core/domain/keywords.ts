// Keywords of inbound messages: an opt-out word records an opt-out for the sender's number, an opt-in word clears
// it. A message is read as a keyword only when it is nothing but the word: case, spaces around it, letters
// spelled out one by one ("S T O P") and punctuation at either end are folded; a word inside a sentence ("please
// don't stop") is not a keyword, so nobody is opted out by a message that merely mentions one.

export const DEFAULT_OPT_OUT_WORDS = ['STOP', 'ACHA', 'SITAKI', 'UNSUBSCRIBE'] as const;
export const DEFAULT_OPT_IN_WORDS = ['START', 'ANZA'] as const;

/** A word: letters A–Z and digits, 2 to 20 of them (written in capitals). */
export const KEYWORD_RE = /^[A-Z0-9]{2,20}$/;
export const MAX_WORDS = 20;
/** Confirmation texts: two GSM-7 segments at most. */
export const MAX_REPLY_CHARS = 320;

export type KeywordKind = 'opt_out' | 'opt_in';

export interface KeywordSettings {
  optOutWords: readonly string[];
  optInWords: readonly string[];
  /** The confirmation each answers with; null sends none. */
  optOutReply: string | null;
  optInReply: string | null;
}

/** An organization's stored choices: null means the default, an empty text means no confirmation. */
export interface StoredKeywordSettings {
  optOutWords: readonly string[] | null;
  optInWords: readonly string[] | null;
  optOutReply: string | null;
  optInReply: string | null;
}

const EDGE_PUNCTUATION = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu;
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * The message folded to the word it could be, or null when it is more than one word: Unicode compatibility forms
 * (full-width letters), capitals, invisible characters, spaces and punctuation at either end; letters spelled
 * one by one with spaces between them are joined.
 */
export function foldKeyword(body: string): string | null {
  const folded = body.normalize('NFKC').replace(INVISIBLE, '').toUpperCase().replace(EDGE_PUNCTUATION, '');
  if (folded === '') return null;
  const tokens = folded.split(/\s+/u);
  if (tokens.length === 1) return tokens[0]!;
  return tokens.every((t) => t.length === 1) ? tokens.join('') : null;
}

/** Which keyword the message is, if any. */
export function keywordOf(body: string, settings: Pick<KeywordSettings, 'optOutWords' | 'optInWords'>): { kind: KeywordKind; word: string } | null {
  const word = foldKeyword(body);
  if (word === null) return null;
  if (settings.optOutWords.includes(word)) return { kind: 'opt_out', word };
  if (settings.optInWords.includes(word)) return { kind: 'opt_in', word };
  return null;
}

/** The word a default confirmation names: the language's own when the list has it, else the list's first. */
function named(words: readonly string[], preferred: string): string | undefined {
  return words.includes(preferred) ? preferred : words[0];
}

/** The default confirmations, in Kiswahili then English, naming the words that undo them. */
export function defaultReply(kind: KeywordKind, words: Pick<KeywordSettings, 'optOutWords' | 'optInWords'>): string {
  if (kind === 'opt_out') {
    const sw = named(words.optInWords, 'ANZA');
    const en = named(words.optInWords, 'START');
    return sw && en ? `Umejiondoa. Tuma ${sw} kujiunga tena. You have opted out. Reply ${en} to opt in again.` : 'Umejiondoa. You have opted out.';
  }
  const sw = named(words.optOutWords, 'ACHA');
  const en = named(words.optOutWords, 'STOP');
  return `Umejiunga tena. Tuma ${sw} kujiondoa. You have opted in again. Reply ${en} to opt out.`;
}

/** The settings in force: the organization's own choices over the defaults. */
export function effectiveKeywords(stored: StoredKeywordSettings | null): KeywordSettings {
  const optOutWords = stored?.optOutWords ?? DEFAULT_OPT_OUT_WORDS;
  const optInWords = stored?.optInWords ?? DEFAULT_OPT_IN_WORDS;
  const reply = (text: string | null | undefined, kind: KeywordKind) => (text === null || text === undefined ? defaultReply(kind, { optOutWords, optInWords }) : text === '' ? null : text);
  return { optOutWords, optInWords, optOutReply: reply(stored?.optOutReply, 'opt_out'), optInReply: reply(stored?.optInReply, 'opt_in') };
}

/** A list as typed (any case, spaces or commas between words) in capitals, or why it cannot be kept. */
export function readWordList(words: readonly string[], min: number): { ok: true; words: string[] } | { ok: false; message: string } {
  const upper = [...new Set(words.map((w) => w.trim().toUpperCase()).filter((w) => w !== ''))];
  const bad = upper.find((w) => !KEYWORD_RE.test(w));
  if (bad !== undefined) return { ok: false, message: `"${bad}" is not a keyword: use 2 to 20 letters A–Z or digits, one word each` };
  if (upper.length < min) return { ok: false, message: `give at least ${min} word${min === 1 ? '' : 's'}` };
  if (upper.length > MAX_WORDS) return { ok: false, message: `give at most ${MAX_WORDS} words` };
  return { ok: true, words: upper };
}
