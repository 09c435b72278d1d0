// The words of the reports page, in English and Kiswahili (the namespace 'reports'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'Reports',
};

export const sw: Messages<typeof en> = {
  title: 'Ripoti',
};
