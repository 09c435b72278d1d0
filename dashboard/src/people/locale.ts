// The words of members, API keys and the audit log, in English and Kiswahili (the namespace 'people'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'People',
};

export const sw: Messages<typeof en> = {
  title: 'Watu',
};
