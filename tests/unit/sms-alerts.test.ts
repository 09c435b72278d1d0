// The words of the SMS alerts: one plain part on either route whatever the organization's name (cut to fit, its
// accents and signs a handset might not show dropped), amounts in TZS with thousands separators, in the member's
// language (English when none chosen); and who gets which alert until they choose.
import { describe, expect, it } from 'vitest';
import { analyzeBody } from '../../core/domain/segments.ts';
import { ROLES } from '../../core/domain/access.ts';
import { effectiveSmsAlerts, lowBalanceAlertText, mayChooseSmsAlerts, plainName, topUpReceiptText, tzsText } from '../../core/domain/sms-alerts.ts';

const onePart = (text: string) => {
  for (const route of ['gsm0338', 'ascii'] as const) {
    const analysis = analyzeBody(text, route);
    expect(analysis.ok && analysis.value.segments, `${route}: ${text}`).toBe(1);
  }
};

const NAMES = ['Duka', 'Mgahawa wa Bibi Zuhura Mwinyimkuu na Wanawe (Kariakoo, Dar es Salaam) Limited — Tawi la Pili', 'Café Müller™ 😀 {Ltd}', '☕☕☕', 'x'.repeat(200)];
// Up to a billion shillings less a cent: far beyond any wallet's business.
const AMOUNTS = [0n, 1n, 4_500_00n, 12_345_50n, 999_999_999_99n];

describe('the words of an alert', () => {
  it('amounts: TZS with thousands separators, cents only when there are some', () => {
    expect([0n, 50n, 1_000_00n, 12_345_50n, 1_234_567_00n, -2_000_00n].map(tzsText)).toEqual(['TZS 0', 'TZS 0.50', 'TZS 1,000', 'TZS 12,345.50', 'TZS 1,234,567', '-TZS 2,000']);
  });

  it('names: plain characters of one septet, accents dropped, the rest left out', () => {
    expect(plainName('Café Müller™ 😀 {Ltd}')).toBe('Cafe MullerTM Ltd');
    expect(plainName('Duka la Mama & Wanawe')).toBe('Duka la Mama & Wanawe');
  });

  it('are one part on either route for any name and amount, in both languages, the name cut with ".." to fit', () => {
    for (const organizationName of NAMES) {
      for (const amount of AMOUNTS) {
        for (const language of [null, 'en', 'sw'] as const) {
          for (const paymentReference of ['40512378', null]) {
            onePart(lowBalanceAlertText({ language, organizationName, available: amount, threshold: amount + 1n, paybillNumber: '888800', paymentReference }));
          }
          onePart(topUpReceiptText({ language, organizationName, amount, availableAfter: amount + 1n }));
        }
      }
    }
    const long = topUpReceiptText({ language: 'en', organizationName: 'x'.repeat(200), amount: 1_000_00n, availableAfter: 5_000_00n });
    expect(long).toMatch(/^Ujumbe: TZS 1,000 credited to x+\.\.\. New available balance: TZS 5,000\.$/);
    expect(long).toHaveLength(160);
    expect(topUpReceiptText({ language: null, organizationName: '☕☕☕', amount: 1_000_00n, availableAfter: 5_000_00n })).toContain('credited to your organization.');
  });

  it('say how to top up: the paybill and the reference, or the dashboard when there is no reference yet', () => {
    const words = { organizationName: 'Duka', available: 4_500_00n, threshold: 5_000_00n, paybillNumber: '888800' };
    expect(lowBalanceAlertText({ ...words, language: 'sw', paymentReference: '40512378' })).toBe(
      'Ujumbe: salio la Duka ni TZS 4,500, chini ya kiwango cha tahadhari TZS 5,000. Ongeza salio: paybill 888800, akaunti 40512378.',
    );
    expect(lowBalanceAlertText({ ...words, language: null, paymentReference: null })).toBe(
      'Ujumbe: the available balance of Duka is TZS 4,500, below your alert level of TZS 5,000. Top up on the Wallet page of the dashboard.',
    );
  });
});

describe('who gets which alert', () => {
  it('owners both until they choose, other roles none; a role that cannot read the wallet none, whatever was chosen', () => {
    expect(Object.fromEntries(ROLES.map((r) => [r, effectiveSmsAlerts(r, null)]))).toEqual({
      owner: ['low_balance', 'top_up_receipt'], admin: [], developer: [], marketer: [], analyst: [], billing: [],
    });
    expect(effectiveSmsAlerts('owner', [])).toEqual([]);
    expect(effectiveSmsAlerts('billing', ['top_up_receipt', 'low_balance'])).toEqual(['low_balance', 'top_up_receipt']);
    expect(effectiveSmsAlerts('marketer', ['low_balance'])).toEqual([]);
    expect(ROLES.filter(mayChooseSmsAlerts)).toEqual(['owner', 'admin', 'developer', 'analyst', 'billing']);
  });
});
