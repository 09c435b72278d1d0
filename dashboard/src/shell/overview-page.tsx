// The overview: balance (and the low-balance banner), today's messages by status, the service and the sending window.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDate, formatDateTime } from '../format/time.ts';
import { humanize } from '../format/text.ts';
import { Page } from './page.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

type Wallet = Outputs['wallet']['get']['wallet'];

export function OverviewPage() {
  const can = useCan();
  const wallet = useQuery({ ...trpc.wallet.get.queryOptions(), enabled: can('wallet.read') });
  return (
    <Page title="Overview">
      {wallet.data?.wallet.low_balance && <LowBalanceBanner wallet={wallet.data.wallet} />}
      <div className="sections">
        {can('wallet.read') && (
          <section className="card" aria-labelledby="balance-heading">
            <h2 id="balance-heading">Balance</h2>
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
  return (
    <div className="banner banner-warning" role="status">
      <p>
        <strong>Low balance.</strong> The available balance, {formatTzs(wallet.available)}, is below your alert threshold of{' '}
        {formatTzs(wallet.low_balance_threshold ?? 0)}. Top up to keep sending.
      </p>
    </div>
  );
}

function Balance({ wallet }: { wallet: Wallet }) {
  return (
    <>
      <Stats
        items={[
          { label: 'Available', value: formatTzs(wallet.available) },
          { label: 'Held', value: formatTzs(wallet.held) },
        ]}
      />
      {wallet.frozen && <p className="note note-danger">The wallet is frozen: nothing can be sent until the service unfreezes it.</p>}
      <p className="hint">Held money is reserved for messages on their way: it is charged when the operator accepts a message, and released when a message fails, expires or is cancelled.</p>
    </>
  );
}

function TodaySection() {
  const today = useQuery(trpc.messages.today.queryOptions());
  return (
    <section className="card" aria-labelledby="today-heading">
      <h2 id="today-heading">Today’s messages</h2>
      <QueryState query={today}>
        {(t) => (
          <>
            <p className="hint">
              {formatDate(t.day)} in Dar es Salaam · {t.messages.toLocaleString('en-US')} live messages
              {t.delivery_rate !== null && ` · ${Math.round(t.delivery_rate * 1000) / 10}% of finished messages delivered`}
            </p>
            <ul className="status-counts" aria-label="Today’s messages by status">
              {Object.entries(t.counts).map(([status, n]) => (
                <li key={status} data-status={status}>
                  <StatusBadge status={status} /> <span className="count">{n.toLocaleString('en-US')}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}

const ROUTE_NAMES: Record<string, string> = { gsm0338: 'GSM 03.38 (GSM-7 and UCS-2)', ascii: 'ASCII only' };

function ServiceSection() {
  const status = useQuery(trpc.platform.status.queryOptions());
  return (
    <section className="card" aria-labelledby="service-heading">
      <h2 id="service-heading">Service</h2>
      <QueryState query={status}>
        {(s) => (
          <Stats
            items={[
              { label: 'SMS route', value: ROUTE_NAMES[s.sms_route] ?? humanize(s.sms_route) },
              { label: 'Live messages', value: s.live_dispatch ? 'Sent to the operators' : 'Sent to the built-in simulator (no real SMS leaves)' },
              { label: 'Service time', value: formatDateTime(s.time) },
            ]}
          />
        )}
      </QueryState>
    </section>
  );
}

function SendingWindowSection() {
  const sendingWindow = useQuery(trpc.platform.sendingWindow.queryOptions());
  return (
    <section className="card" aria-labelledby="window-heading">
      <h2 id="window-heading">Sending window</h2>
      <QueryState query={sendingWindow}>
        {({ sending_window: w }) => (
          <>
            <p className={w.open_now ? 'window window-open' : 'window window-closed'} id="window-state">
              {w.open_now ? 'Open now' : 'Closed now'}
            </p>
            <Stats
              items={[
                { label: 'Hours (EAT)', value: `${w.opens}–${w.closes}` },
                { label: 'Next opening', value: formatDateTime(w.next_opening) },
              ]}
            />
            <p className="hint">Promotional messages go out only inside the window; outside it they wait, unsent and uncharged.</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
