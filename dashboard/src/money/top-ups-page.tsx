// Top-ups: paying by mobile money from the phone (followed to its end), the paybill, a form to tell the service about
// a payment made another way (a bank transfer), and every top-up with its wallet, number, the aggregator's
// transaction id and, for one not paid, why in plain words.
import { useTranslation } from 'react-i18next';
import { TOP_UP_STATUSES } from '../../../core/domain/top-up-requests.ts';
import { trpc, type Outputs } from '../trpc.ts';
import type { PageProps } from '../routes.tsx';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { Page } from '../shell/page.tsx';
import type { Column } from '../ui/data-table.tsx';
import { FilteredList, type FilterField } from '../ui/filtered-list.tsx';
import { StateBadge } from '../ui/state-badge.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { TopUpForm } from './top-up-form.tsx';
import { PaybillBox } from './paybill-box.tsx';
import { PushTopUpForm } from './push-top-up-form.tsx';
import { notPaidWords } from './push-failure.ts';
import { providerName, usePaymentDetails } from './payment-details.ts';
import '../styles/admin.css';

type TopUp = Outputs['wallet']['topUps']['top_ups'][number];

const PAGE_SIZE = 25;

export function TopUpsPage({ query }: PageProps) {
  const { t } = useTranslation(['money', 'codes']);
  const can = useCan();
  const details = usePaymentDetails();
  const provider = (r: TopUp) => (r.provider === null ? null : providerName(details.data, r.provider));
  const filters: readonly FilterField[] = [
    {
      name: 'status',
      label: t('topUps.status'),
      type: 'select',
      options: [{ value: '', label: t('topUps.everyStatus') }, ...TOP_UP_STATUSES.map((s) => ({ value: s, label: t(`codes:${s}`) }))],
    },
  ];
  const columns: readonly Column<TopUp>[] = [
    { header: t('topUps.columns.requested'), cell: (r) => formatDateTime(r.created_at) },
    { header: t('topUps.columns.amount'), cell: (r) => formatTzs(r.amount), numeric: true },
    { header: t('topUps.columns.paidBy'), cell: (r) => provider(r) ?? t(`codes:${r.method}`) },
    { header: t('list.number'), cell: (r) => r.payer_phone ?? '—' },
    // A push payment's reference is its own id (the aggregator knows it by that): its transaction id says more.
    { header: t('topUps.columns.reference'), cell: (r) => (r.provider === null ? r.reference : '—') },
    { header: t('list.transactionId'), cell: (r) => r.transaction_id ?? '—' },
    { header: t('topUps.columns.status'), cell: (r) => <StateBadge state={r.status} text={t(`codes:${r.status}`)} /> },
    // What arrived may differ from what was claimed; both are kept.
    { header: t('topUps.columns.credited'), cell: (r) => (r.credited_amount === null ? '—' : formatTzs(r.credited_amount)), numeric: true },
    { header: t('topUps.columns.decided'), cell: (r) => formatDateTime(r.decided_at) },
    { header: t('topUps.columns.reason'), cell: (r) => notPaidWords(t, r, provider(r) ?? t(`codes:${r.method}`)) ?? '—' },
    { header: t('topUps.columns.note'), cell: (r) => r.note ?? '—' },
  ];
  return (
    <Page title={t('topUps.title')}>
      <p className="lead">{t('topUps.lead')}</p>
      {can('wallet.top_up') && (
        <section className="card" aria-labelledby="push-top-up-heading">
          <h2 id="push-top-up-heading">{t('pay.heading')}</h2>
          <QueryState query={details} label={t('pay.heading')}>
            {(d) => <PushTopUpForm details={d} />}
          </QueryState>
        </section>
      )}
      <PaybillBox />
      {can('wallet.top_up') && (
        <section className="card" aria-labelledby="request-top-up-heading">
          <h2 id="request-top-up-heading">{t('topUps.requestHeading')}</h2>
          <TopUpForm />
        </section>
      )}
      <section aria-labelledby="top-ups-heading">
        <h2 id="top-ups-heading">{t('topUps.requestsHeading')}</h2>
        <FilteredList
          path="/top-ups"
          query={query}
          filters={filters}
          noun={t('topUps.noun')}
          list={(values, before) => {
            const status = TOP_UP_STATUSES.find((s) => s === values.status);
            return trpc.wallet.topUps.queryOptions({ limit: PAGE_SIZE, ...(before ? { before } : {}), ...(status ? { status } : {}) });
          }}
          rows={(data) => data.top_ups}
          next={(data) => data.next_before}
          columns={columns}
          rowKey={(r) => r.id}
          caption={t('topUps.caption')}
          empty={t('topUps.empty')}
        />
      </section>
    </Page>
  );
}
