// The words of the GraphQL explorer's page, in English and Kiswahili (the namespace 'explorer'). The Kiswahili has exactly the English keys.
// GraphiQL itself (the editor, its docs) speaks English only, as the schema's descriptions do.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'GraphQL explorer',
  intro:
    'Ask for your organization’s messages, campaigns, reports and money in GraphQL, as an API key would at POST /graphql, with what your role may read. The docs beside the editor describe every field: money is in cents (100 cents = 1 TZS), report days are days in Dar es Salaam. The explorer only reads.',
  frame: 'GraphQL explorer: editor, results and documentation',
};

export const sw: Messages<typeof en> = {
  title: 'Kichunguzi cha GraphQL',
  intro:
    'Uliza kuhusu ujumbe, kampeni, ripoti na pesa za shirika lako kwa GraphQL, kama ufunguo wa API ungefanya kwenye POST /graphql, kwa kile wadhifa wako unachoruhusiwa kusoma. Maelezo kando ya kihariri (kwa Kiingereza) yanaeleza kila sehemu: pesa ziko kwa senti (senti 100 = TZS 1), siku za ripoti ni siku za Dar es Salaam. Kichunguzi husoma tu.',
  frame: 'Kichunguzi cha GraphQL: kihariri, matokeo na maelezo',
};
