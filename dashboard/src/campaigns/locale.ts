// The words of campaigns, in English and Kiswahili (the namespace 'campaigns'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'Campaigns',
};

export const sw: Messages<typeof en> = {
  title: 'Kampeni',
};
