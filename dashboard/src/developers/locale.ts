// The words of the developer pages: sender IDs and webhooks, in English and Kiswahili (the namespace 'developers'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'Developers',
};

export const sw: Messages<typeof en> = {
  title: 'Wasanidi',
};
