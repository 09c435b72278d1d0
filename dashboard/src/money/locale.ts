// The words of the wallet, the ledger and top-ups, in English and Kiswahili (the namespace 'money'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'Wallet',
};

export const sw: Messages<typeof en> = {
  title: 'Pochi',
};
