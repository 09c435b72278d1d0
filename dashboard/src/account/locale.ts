// The words of signing in, resetting a password and accepting an invitation, in English and Kiswahili (the namespace 'account'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  email: 'Email',
  password: 'Password',
};

export const sw: Messages<typeof en> = {
  signIn: 'Ingia',
  signingIn: 'Inaingia…',
  email: 'Barua pepe',
  password: 'Nenosiri',
};
