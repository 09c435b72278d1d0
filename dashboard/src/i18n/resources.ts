// Every namespace of the dashboard in both languages. A page reads its own area's namespace (useTranslation('campaigns'))
// and the shared ones ('common', 'codes').
import * as common from './common.ts';
import * as codes from './codes.ts';
import * as account from '../account/locale.ts';
import * as addressBook from '../address-book/locale.ts';
import * as campaigns from '../campaigns/locale.ts';
import * as developers from '../developers/locale.ts';
import * as explorer from '../explorer/locale.ts';
import * as messages from '../messages/locale.ts';
import * as money from '../money/locale.ts';
import * as people from '../people/locale.ts';
import * as reports from '../reports/locale.ts';
import * as shell from '../shell/locale.ts';
import * as statement from '../statement/locale.ts';
// The inbox's words.
import * as inbox from '../inbox/locale.ts';

export const NAMESPACES = { common, codes, account, addressBook, campaigns, developers, explorer, messages, money, people, reports, shell, statement, inbox };

type Namespaces = typeof NAMESPACES;
type In<L extends 'en' | 'sw'> = { [N in keyof Namespaces]: Namespaces[N][L] };

function language<L extends 'en' | 'sw'>(l: L): In<L> {
  return Object.fromEntries(Object.entries(NAMESPACES).map(([name, ns]) => [name, ns[l]])) as In<L>;
}

export const resources = { en: language('en'), sw: language('sw') };
