// The words of the monthly wallet statement and of its chooser on the wallet page, in English and Kiswahili (the
// namespace 'statement'). The Kiswahili has exactly the English keys.
import type { Messages } from '../i18n/messages.ts';

export const en = {
  title: 'Wallet statement, {{month}}',
  chooser: {
    heading: 'Monthly statement',
    month: 'Month',
    open: 'Open printable statement',
    download: 'Download CSV',
    whatIsIn:
      'Every top-up, the charges, releases and holds of each day and the balances at the start and end of the month (EAT), with totals equal to the ledger. The CSV holds the same, amounts in TZS.',
  },
  page: {
    organization: 'Organization',
    period: 'Period',
    periodValue: '{{first}} to {{last}} (EAT)',
    print: 'Print',
    download: 'Download CSV',
    back: 'Back to the wallet',
    testMode: 'A test key sees the test-mode wallet, which never moves money: every figure is zero.',
    none: 'None this month.',
  },
  balances: {
    heading: 'Balances',
    caption: 'Opening and closing balances',
    columns: { when: 'When', available: 'Available', held: 'Held' },
    opening: 'Opening ({{date}})',
    closing: 'Closing ({{date}})',
  },
  sections: {
    topUps: 'Top-ups',
    charges: 'Charges by day',
    releases: 'Releases by day',
    refunds: 'Refunds by day',
    holds: 'Holds by day',
    adjustments: 'Adjustments',
    totals: 'Totals',
  },
  columns: { date: 'Date', day: 'Day', reference: 'Reference', count: 'Entries', amount: 'Amount', kind: 'Kind' },
  totals: {
    caption: 'The totals of each kind of entry this month',
    topUps: 'Top-ups',
    charges: 'Charges',
    releases: 'Releases',
    refunds: 'Refunds',
    holds: 'Holds',
    adjustments: 'Adjustments',
  },
  loading: 'Loading the statement',
};

export const sw: Messages<typeof en> = {
  title: 'Taarifa ya pochi, {{month}}',
  chooser: {
    heading: 'Taarifa ya mwezi',
    month: 'Mwezi',
    open: 'Fungua taarifa ya kuchapisha',
    download: 'Pakua CSV',
    whatIsIn:
      'Kila uongezaji wa salio, makato, yaliyoachiliwa na yaliyoshikiliwa ya kila siku, na salio mwanzoni na mwishoni mwa mwezi (EAT), pamoja na jumla zinazolingana na daftari la miamala. CSV ina yaleyale, kiasi kwa TZS.',
  },
  page: {
    organization: 'Shirika',
    period: 'Kipindi',
    periodValue: '{{first}} hadi {{last}} (EAT)',
    print: 'Chapisha',
    download: 'Pakua CSV',
    back: 'Rudi kwenye pochi',
    testMode: 'Ufunguo wa majaribio unaona pochi ya majaribio, ambayo haihamishi pesa: kila kiasi ni sifuri.',
    none: 'Hakuna kwa mwezi huu.',
  },
  balances: {
    heading: 'Salio',
    caption: 'Salio la mwanzo na la mwisho',
    columns: { when: 'Lini', available: 'Linalotumika', held: 'Lililoshikiliwa' },
    opening: 'Mwanzo ({{date}})',
    closing: 'Mwisho ({{date}})',
  },
  sections: {
    topUps: 'Kuongeza salio',
    charges: 'Makato kwa siku',
    releases: 'Yaliyoachiliwa kwa siku',
    refunds: 'Yaliyorejeshwa kwa siku',
    holds: 'Yaliyoshikiliwa kwa siku',
    adjustments: 'Marekebisho',
    totals: 'Jumla',
  },
  columns: { date: 'Tarehe', day: 'Siku', reference: 'Kumbukumbu', count: 'Miamala', amount: 'Kiasi', kind: 'Aina' },
  totals: {
    caption: 'Jumla ya kila aina ya muamala mwezi huu',
    topUps: 'Kuongeza salio',
    charges: 'Makato',
    releases: 'Yaliyoachiliwa',
    refunds: 'Yaliyorejeshwa',
    holds: 'Yaliyoshikiliwa',
    adjustments: 'Marekebisho',
  },
  loading: 'Inapakia taarifa',
};
