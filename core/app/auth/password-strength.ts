// How guessable a password is, by zxcvbn-ts with the common dictionaries and keyboard graphs, and why, in plain words.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn's feedback comes as keys (its language packs translate them); ours say it to a member.
const WARNINGS: Record<string, string> = {
  straightRow: 'it is a straight row of keys',
  keyPattern: 'it is a short pattern on the keyboard',
  simpleRepeat: 'it repeats one character',
  extendedRepeat: 'it repeats a short run of characters',
  sequences: 'it is a sequence such as 1234 or abcd',
  recentYears: 'it ends in or contains a recent year',
  dates: 'it contains a date',
  topTen: 'it is one of the ten most used passwords',
  topHundred: 'it is one of the hundred most used passwords',
  common: 'it is one of the most used passwords',
  similarToCommon: 'it is a small change to one of the most used passwords',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'names on their own are easy to guess',
  commonNames: 'common names are easy to guess',
  userInputs: "it contains the member's email address, name or organization name (or this service's name)",
  pwned: 'it appeared in a leak of passwords',
};

const SUGGESTIONS: Record<string, string> = {
  l33t: 'digits or symbols in place of look-alike letters (@ for a) do not make it harder to guess',
  reverseWords: 'a word written backwards is not harder to guess',
  allUppercase: 'capitals everywhere add little',
  capitalization: 'a capital at the start adds little',
  dates: 'leave out dates and years that have to do with you',
  recentYears: 'leave out recent years',
  associatedYears: 'leave out years that have to do with you',
  sequences: 'leave out sequences such as 1234',
  repeated: 'leave out repeated words and characters',
  longerKeyboardPattern: 'a keyboard pattern is guessed quickly, even a long one',
  anotherWord: 'add another word or two that nobody would link to you',
  useWords: 'use several words that do not belong together',
  noNeed: 'no symbols, digits or capitals are needed',
  pwned: 'choose one you have never used anywhere else',
};

let factory: ZxcvbnFactory | null = null;

/** Built on first use: ranking the 57,000 dictionary words takes a moment that only a password check should pay. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory;
}

/** Words of at least three characters, lower case (zxcvbn compares user inputs in lower case). */
function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
}

/**
 * What an attacker who knows whose password it is tries first: the email whole, its local part, the name, the
 * organization's name, each of them with its spaces and punctuation removed, and each word of them; and the
 * service's own name.
 */
export function userInputsOf(owner: { email: string; name?: string | null | undefined; organizationName: string }): string[] {
  const email = owner.email.toLowerCase();
  const local = email.split('@')[0] ?? email;
  const texts = [email, local, owner.name ?? '', owner.organizationName, 'Ujumbe'];
  const inputs = texts.flatMap((t) => [t.toLowerCase(), t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''), ...words(t)]);
  return [...new Set(inputs.filter((i) => i.length >= 3))];
}

/** zxcvbn's score (0 to 4) and, for a low one, why and what would help, in plain words. */
export function passwordScore(password: string, owner: { email: string; name?: string | null | undefined; organizationName: string }): { score: number; why: string } {
  const result = estimator().check(password, userInputsOf(owner));
  const warning = result.feedback.warning ? WARNINGS[result.feedback.warning] : undefined;
  const suggestions = result.feedback.suggestions.map((s) => SUGGESTIONS[s]).filter((s): s is string => s !== undefined);
  const why = [warning ?? 'it would be found within a few hundred million guesses', ...(suggestions.length ? suggestions : [SUGGESTIONS.anotherWord!])];
  return { score: result.score, why: why.join('; ') };
}
