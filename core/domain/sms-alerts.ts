// The wallet's alerts a member may get by SMS through Ujumbe itself (system messages, charged to nobody): which
// there are, who gets which until they choose, who may choose, and their words in the member's language.
import { roleHas, type Role } from './access.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

export const SMS_ALERTS = ['low_balance', 'top_up_receipt'] as const;
export type SmsAlert = (typeof SMS_ALERTS)[number];

/** Owners answer for the money and get both until they choose; every other role gets none until it asks. */
export const DEFAULT_SMS_ALERTS: Record<Role, readonly SmsAlert[]> = {
  owner: SMS_ALERTS,
  admin: [],
  developer: [],
  marketer: [],
  analyst: [],
  billing: [],
};

/** Alerts tell the wallet's balance: only a role that may read the wallet chooses them, or gets them. */
export function mayChooseSmsAlerts(role: Role): boolean {
  return roleHas(role, 'wallet.read');
}

/** The alerts a member gets: their choice (null: never chose, their role's default), none when the role may not read the wallet. */
export function effectiveSmsAlerts(role: Role, chosen: readonly string[] | null): SmsAlert[] {
  if (!mayChooseSmsAlerts(role)) return [];
  const wanted = chosen ?? DEFAULT_SMS_ALERTS[role];
  return SMS_ALERTS.filter((a) => wanted.includes(a));
}

/** One SMS part of plain GSM-7 (and ASCII) characters. */
export const ALERT_MAX_CHARS = 160;

/** "4,500" for 450000 cents; the cents only when there are some ("4,500.50"). */
export function tzsText(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const shillings = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = abs % 100n === 0n ? '' : `.${String(abs % 100n).padStart(2, '0')}`;
  return `${negative ? '-' : ''}TZS ${shillings}${fraction}`;
}

/**
 * The organization's name as an alert carries it: accents dropped, and only characters that are one septet in
 * GSM-7 and plain ASCII too (either route carries them, one character each), spaces folded.
 */
export function plainName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,&'()\-/!?:+#@%*"_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text with the name in place, the name cut (with "..") so that the whole stays one part. */
function fitted(build: (name: string) => string, name: string, fallback: string): string {
  const plain = plainName(name) || fallback;
  const room = ALERT_MAX_CHARS - build('').length;
  if (plain.length <= room) return build(plain);
  return build(`${plain.slice(0, Math.max(1, room - 2)).trimEnd()}..`);
}

export interface LowBalanceWords {
  language: Language | null;
  organizationName: string;
  available: bigint;
  threshold: bigint;
  paybillNumber: string;
  /** The organization's account number at the paybill; null when it has none yet (the words send to the dashboard). */
  paymentReference: string | null;
}

const LOW_BALANCE: Record<Language, (w: LowBalanceWords, name: string) => string> = {
  en: (w, name) =>
    `Ujumbe: the available balance of ${name} is ${tzsText(w.available)}, below your alert level of ${tzsText(w.threshold)}. ` +
    (w.paymentReference ? `Top up: paybill ${w.paybillNumber}, account ${w.paymentReference}.` : 'Top up on the Wallet page of the dashboard.'),
  sw: (w, name) =>
    `Ujumbe: salio la ${name} ni ${tzsText(w.available)}, chini ya kiwango cha tahadhari ${tzsText(w.threshold)}. ` +
    (w.paymentReference ? `Ongeza salio: paybill ${w.paybillNumber}, akaunti ${w.paymentReference}.` : 'Ongeza salio kwenye ukurasa wa Pochi wa dashibodi.'),
};

const YOUR_ORGANIZATION: Record<Language, string> = { en: 'your organization', sw: 'shirika lako' };

export function lowBalanceAlertText(w: LowBalanceWords): string {
  const language = w.language ?? DEFAULT_LANGUAGE;
  return fitted((name) => LOW_BALANCE[language](w, name), w.organizationName, YOUR_ORGANIZATION[language]);
}

export interface TopUpReceiptWords {
  language: Language | null;
  organizationName: string;
  amount: bigint;
  availableAfter: bigint;
}

const TOP_UP_RECEIPT: Record<Language, (w: TopUpReceiptWords, name: string) => string> = {
  en: (w, name) => `Ujumbe: ${tzsText(w.amount)} credited to ${name}. New available balance: ${tzsText(w.availableAfter)}.`,
  sw: (w, name) => `Ujumbe: ${tzsText(w.amount)} zimeingia kwenye Pochi ya ${name}. Salio linalotumika sasa: ${tzsText(w.availableAfter)}.`,
};

export function topUpReceiptText(w: TopUpReceiptWords): string {
  const language = w.language ?? DEFAULT_LANGUAGE;
  return fitted((name) => TOP_UP_RECEIPT[language](w, name), w.organizationName, YOUR_ORGANIZATION[language]);
}
