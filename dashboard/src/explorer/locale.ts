// The words of the GraphQL explorer's page, in English and Kiswahili (the namespace 'explorer'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'GraphQL explorer',
};

export const sw: Messages<typeof en> = {
  title: 'Kichunguzi cha GraphQL',
};
