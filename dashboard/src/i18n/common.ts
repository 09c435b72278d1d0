// Words every page shares: buttons, loading and error states, pagers, filters, confirmations, the words of the
// spec's error codes (a refusal is said in the language shown by its code) and of form checks.
import type { Messages } from './messages.ts';
import { errorsEn, errorsSw } from './error-codes.ts';

export const en = {
  loading: 'Loading',
  loadingWhat: 'Loading {{what}}',
  tryAgain: 'Try again',
  language: 'Language',
  languages: { en: 'English', sw: 'Kiswahili' },
  cancel: 'Cancel',
  working: 'Working…',
  apply: 'Apply',
  clear: 'Clear',
  filters: 'Filters',
  filtersOn: 'Filters ({{count}} on)',
  filterWhat: 'Filter {{what}}',
  results: 'Results',
  pagesOf: 'Pages of {{what}}',
  pager: { newest: 'Newest', newer: 'Newer', older: 'Older', first: 'First', previous: 'Previous', next: 'Next', page: 'Page {{page}}' },
  secret: {
    copy: 'Copy',
    copied: 'Copied',
    notCopied: 'Not copied: select the text and copy it by hand.',
  },
  unreachable: 'The service could not be reached. Check the connection and try again.',
  somethingWrong: 'Something went wrong.',
  errors: errorsEn,
  /** Checks a form makes before sending, by the kind of refusal. */
  checks: {
    required: 'Fill this in.',
    tooShort: 'Too short: at least {{minimum}} characters.',
    tooLong: 'Too long: at most {{maximum}} characters.',
    tooSmall: 'Too small: at least {{minimum}}.',
    tooBig: 'Too big: at most {{maximum}}.',
    fewItems: 'Choose at least {{minimum}}.',
    manyItems: 'Choose at most {{maximum}}.',
    format: 'This is not in the right form.',
    email: 'Write an email address, such as name@example.co.tz.',
    choice: 'Choose one of the options.',
    invalid: 'This value is not accepted.',
  },
};

export const sw: Messages<typeof en> = {
  loading: 'Inapakia',
  loadingWhat: 'Inapakia {{what}}',
  tryAgain: 'Jaribu tena',
  language: 'Lugha',
  languages: { en: 'English', sw: 'Kiswahili' },
  cancel: 'Ghairi',
  working: 'Inashughulikia…',
  apply: 'Tumia',
  clear: 'Futa vichujio',
  filters: 'Vichujio',
  filtersOn: 'Vichujio ({{count}} vimewashwa)',
  filterWhat: 'Chuja {{what}}',
  results: 'Matokeo',
  pagesOf: 'Kurasa za {{what}}',
  pager: { newest: 'Mpya zaidi', newer: 'Mpya', older: 'Za zamani', first: 'Ya kwanza', previous: 'Iliyotangulia', next: 'Inayofuata', page: 'Ukurasa {{page}}' },
  secret: {
    copy: 'Nakili',
    copied: 'Imenakiliwa',
    notCopied: 'Haikunakiliwa: chagua maandishi na uyanakili kwa mkono.',
  },
  unreachable: 'Huduma haikupatikana. Angalia mtandao kisha ujaribu tena.',
  somethingWrong: 'Kuna tatizo limetokea.',
  errors: errorsSw,
  checks: {
    required: 'Jaza sehemu hii.',
    tooShort: 'Fupi mno: angalau herufi {{minimum}}.',
    tooLong: 'Ndefu mno: herufi {{maximum}} zisizidi.',
    tooSmall: 'Ndogo mno: angalau {{minimum}}.',
    tooBig: 'Kubwa mno: isizidi {{maximum}}.',
    fewItems: 'Chagua angalau {{minimum}}.',
    manyItems: 'Chagua zisizozidi {{maximum}}.',
    format: 'Muundo wake si sahihi.',
    email: 'Andika anwani ya barua pepe, kama jina@mfano.co.tz.',
    choice: 'Chagua mojawapo ya chaguo.',
    invalid: 'Thamani hii haikubaliki.',
  },
};

