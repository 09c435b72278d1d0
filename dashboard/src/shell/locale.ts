// The words of the shell: the menu, the header, the overview, the page not found, in English and Kiswahili (the namespace 'shell'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'Overview',
  opening: 'Opening the dashboard',
  skipToContent: 'Skip to content',
  menu: 'Menu',
  signOut: 'Sign out',
};

export const sw: Messages<typeof en> = {
  title: 'Muhtasari',
  opening: 'Dashibodi inafunguka',
  skipToContent: 'Ruka hadi maudhui',
  menu: 'Menyu',
  signOut: 'Toka',
};
