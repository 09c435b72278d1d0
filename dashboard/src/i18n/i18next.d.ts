// Keys are checked by the type checker against the English: t('campaigns:nope') does not compile.
import 'i18next';
import type { NAMESPACES } from './resources.ts';

type English = { [N in keyof typeof NAMESPACES]: (typeof NAMESPACES)[N]['en'] };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: English;
  }
}
