// The words of the address book: contacts, groups, imports, opt-outs, in English and Kiswahili (the namespace 'addressBook'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'Address book',
};

export const sw: Messages<typeof en> = {
  title: 'Orodha ya mawasiliano',
};
