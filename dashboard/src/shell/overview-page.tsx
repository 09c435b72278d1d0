// The overview: balance (and the low-balance banner), today's messages by status, the service and the sending window.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatCount, numberFormat } from '../format/locale.ts';
import { formatDate, formatDateTime } from '../format/time.ts';
import { Page } from './page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

type Wallet = Outputs['wallet']['get']['wallet'];

export function OverviewPage() {
  const { t } = useTranslation('shell');
  const can = useCan();
  const wallet = useQuery({ ...trpc.wallet.get.queryOptions(), enabled: can('wallet.read') });
  return (
    <Page title={t('title')}>
      {wallet.data?.wallet.low_balance && <LowBalanceBanner wallet={wallet.data.wallet} />}
      <div className="sections">
        {can('wallet.read') && (
          <section className="card" aria-labelledby="balance-heading">
            <h2 id="balance-heading">{t('overview.balance')}</h2>
            <QueryState query={wallet}>{({ wallet: w }) => <Balance wallet={w} />}</QueryState>
          </section>
        )}
        {can('messages.read') && <TodaySection />}
        <ServiceSection />
        {can('campaigns.read') && <SendingWindowSection />}
      </div>
    </Page>
  );
}

function LowBalanceBanner({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('shell');
  return (
    <div className="banner banner-warning" role="status">
      <p>
        <strong>{t('overview.lowBalance')}</strong>{' '}
        {t('overview.lowBalanceText', { available: formatTzs(wallet.available), threshold: formatTzs(wallet.low_balance_threshold ?? 0) })}
      </p>
    </div>
  );
}

function Balance({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <Stats
        items={[
          { label: t('overview.available'), value: formatTzs(wallet.available) },
          { label: t('overview.held'), value: formatTzs(wallet.held) },
        ]}
      />
      {wallet.frozen && <p className="note note-danger">{t('overview.frozen')}</p>}
      <p className="hint">{t('overview.heldHint')}</p>
    </>
  );
}

function TodaySection() {
  const { t } = useTranslation('shell');
  const today = useQuery(trpc.messages.today.queryOptions());
  return (
    <section className="card" aria-labelledby="today-heading">
      <h2 id="today-heading">{t('overview.today')}</h2>
      <QueryState query={today}>
        {(d) => (
          <>
            <p className="hint">
              {t('overview.todayLine', { day: formatDate(d.day), count: d.messages, shown: formatCount(d.messages) })}
              {d.delivery_rate !== null && ` · ${t('overview.todayRate', { rate: numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(d.delivery_rate) })}`}
            </p>
            <ul className="status-counts" aria-label={t('overview.todayByStatus')}>
              {Object.entries(d.counts).map(([status, n]) => (
                <li key={status} data-status={status}>
                  <StatusBadge status={status} /> <span className="count">{formatCount(n)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}

function ServiceSection() {
  const { t } = useTranslation('shell');
  const status = useQuery(trpc.platform.status.queryOptions());
  const routeName = (route: string) => (route === 'gsm0338' || route === 'ascii' ? t(`overview.routes.${route}`) : route);
  return (
    <section className="card" aria-labelledby="service-heading">
      <h2 id="service-heading">{t('overview.service')}</h2>
      <QueryState query={status}>
        {(s) => (
          <Stats
            items={[
              { label: t('overview.smsRoute'), value: routeName(s.sms_route) },
              { label: t('overview.liveMessages'), value: s.live_dispatch ? t('overview.toOperators') : t('overview.toSimulator') },
              { label: t('overview.serviceTime'), value: formatDateTime(s.time) },
            ]}
          />
        )}
      </QueryState>
    </section>
  );
}

function SendingWindowSection() {
  const { t } = useTranslation('shell');
  const sendingWindow = useQuery(trpc.platform.sendingWindow.queryOptions());
  return (
    <section className="card" aria-labelledby="window-heading">
      <h2 id="window-heading">{t('overview.window')}</h2>
      <QueryState query={sendingWindow}>
        {({ sending_window: w }) => (
          <>
            <p className={w.open_now ? 'window window-open' : 'window window-closed'} id="window-state">
              {w.open_now ? t('overview.openNow') : t('overview.closedNow')}
            </p>
            <Stats
              items={[
                { label: t('overview.hours'), value: `${w.opens}–${w.closes}` },
                { label: t('overview.nextOpening'), value: formatDateTime(w.next_opening) },
              ]}
            />
            <p className="hint">{t('overview.windowHint')}</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
