// The words of messages: the list, one message, sending, in English and Kiswahili (the namespace 'messages'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'Messages',
};

export const sw: Messages<typeof en> = {
  title: 'Ujumbe',
};
