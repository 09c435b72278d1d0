// Words every page shares: buttons, loading and error states, pagers, filters, confirmations.
import type { Messages } from './messages.ts';

export const en = {
  loading: 'Loading',
  tryAgain: 'Try again',
  language: 'Language',
  languages: { en: 'English', sw: 'Kiswahili' },
};

export const sw: Messages<typeof en> = {
  loading: 'Inapakia',
  tryAgain: 'Jaribu tena',
  language: 'Lugha',
  languages: { en: 'English', sw: 'Kiswahili' },
};
