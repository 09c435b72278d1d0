// The dashboard's languages: i18next with every namespace loaded at start (a few kilobytes, no request), the
// language chosen per member (auth.me, auth.setLanguage) and, before signing in, per browser (localStorage, else the
// browser's own preference). A key missing at run time is reported on the console, which the browser tests fail on.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../core/domain/languages.ts';
import { resources } from './resources.ts';

/** The locale each language formats dates, numbers and money in. */
export const LOCALES: Record<Language, string> = { en: 'en-TZ', sw: 'sw-TZ' };

const STORAGE_KEY = 'ujumbe.language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** This browser's language before anyone signs in: the last one chosen here, else the browser's preference. */
function browserLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage refused (a private window's policy): the browser's preference decides.
  }
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages;
  return preferred.some((l) => l.toLowerCase().startsWith('sw')) ? 'sw' : DEFAULT_LANGUAGE;
}

void i18next.use(initReactI18next).init({
  resources,
  lng: browserLanguage(),
  supportedLngs: [...LANGUAGES],
  // No fallback: a key missing in Kiswahili shows as a missing key, never as English passed off as a translation.
  fallbackLng: false,
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
  saveMissing: true,
  missingKeyHandler: (languages, namespace, key) => console.error(`missing translation: ${languages.join(',')} ${namespace}:${key}`),
});
// Outside a page (a test in Node reading a pure helper that formats) there is no document to mark.
if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;

export { i18next };

/** The language shown now. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** The locale dates, numbers and amounts are formatted in now ("sw-TZ" or "en-TZ"). */
export function currentLocale(): string {
  return LOCALES[currentLanguage()];
}

/** Shows the dashboard in a language and remembers it in this browser; the page re-renders in it. */
export async function showLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered in this browser; the member's own choice is kept by the server.
  }
  document.documentElement.lang = language;
  if (i18next.language !== language) await i18next.changeLanguage(language);
}
