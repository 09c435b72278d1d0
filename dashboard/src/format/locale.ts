// Formatters in the language shown: one Intl formatter per locale and shape, made once and kept.
import { currentLocale } from '../i18n/i18n.ts';

const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n ${currentLocale()} ${JSON.stringify(options)}`;
  let f = made.get(key);
  if (!f) made.set(key, (f = new Intl.NumberFormat(currentLocale(), options)));
  return f as Intl.NumberFormat;
}

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${currentLocale()} ${JSON.stringify(options)}`;
  let f = made.get(key);
  if (!f) made.set(key, (f = new Intl.DateTimeFormat(currentLocale(), options)));
  return f as Intl.DateTimeFormat;
}

/** A count in the language shown: "1,234". */
export function formatCount(n: number | bigint): string {
  return numberFormat().format(n);
}
