// A draft's quote (campaigns.quote, once per idempotency key): the audience counted, segments, encoding, the price
// in TZS and the time it stays valid; for a promotional campaign, the sending window. A current quote can be launched.
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { QuoteCountdown, useTimeLeft } from './countdown.tsx';
import { CampaignLaunch } from './launch.tsx';
import type { Campaign } from './campaign-form.tsx';
import { useAction } from '../ui/use-action.ts';
import { formatCount } from '../format/locale.ts';
import { useCampaignWords } from './words.ts';

export type Quote = NonNullable<Campaign['quote']>;
type Quoted = Outputs['campaigns']['quote'];

/** The caveats a quote names, in words; one the service adds later is shown by its code until it has words here. */
const ASSUMPTIONS = new Set(['segment_sizes_standard'] as const);
const isKnownAssumption = (a: string): a is 'segment_sizes_standard' => ASSUMPTIONS.has(a as 'segment_sizes_standard');

export function CampaignQuote({ campaign }: { campaign: Campaign }) {
  const t = useCampaignWords();
  const can = useCan();
  // After a success the next click quotes afresh: the same key would answer this quote again, even once it has expired.
  const quote = useAction(trpc.campaigns.quote.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.campaigns.list.queryKey()],
    onSuccess: (answer: Quoted) => queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaign.id }), { campaign: answer.campaign }),
    onError: () => void queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id: campaign.id }) }),
  });
  const q = campaign.quote;
  const left = useTimeLeft(q?.expires_at ?? null);
  const expired = q !== null && (q.status === 'expired' || left === 0);
  const usable = q !== null && q.status === 'current' && !expired;
  const requote = () => {
    const request = { id: campaign.id, version: campaign.version };
    quote.run(request);
  };

  return (
    <section className="card" aria-labelledby="quote-heading">
      <h2 id="quote-heading">{t('quote.heading')}</h2>
      {q ? (
        <QuoteReview quote={q} left={left} expired={expired} />
      ) : (
        <p>{t('quote.none')}</p>
      )}
      {q?.status === 'stale' && (
        <p className="note note-danger" role="alert">
          {t('quote.stale')}
        </p>
      )}
      {quote.error && <ErrorAlert error={quote.error} title={t('quote.failed')} />}
      {can('campaigns.write') && (
        <div className="campaign-actions">
          <button type="button" className={usable ? 'button button-secondary' : 'button'} onClick={requote} disabled={quote.isPending}>
            {quote.isPending ? t('quote.quoting') : q ? t('quote.again') : t('quote.get')}
          </button>
        </div>
      )}
      {usable && can('campaigns.launch') && <CampaignLaunch campaign={campaign} quote={q} />}
    </section>
  );
}

function QuoteReview({ quote: q, left, expired }: { quote: Quote; left: number | null; expired: boolean }) {
  const t = useCampaignWords();
  return (
    <div className="quote-review">
      <QuoteCountdown expiresAt={q.expires_at} expired={expired} left={left} />
      <h3>{t('quote.audience')}</h3>
      <Stats
        items={[
          { label: t('quote.eligible'), value: formatCount(q.audience.eligible) },
          { label: t('quote.duplicates'), value: formatCount(q.audience.duplicates) },
          { label: t('quote.optedOut'), value: formatCount(q.audience.opted_out) },
          { label: t('quote.noConsent'), value: formatCount(q.audience.no_consent) },
        ]}
      />
      <p className="hint">{t('quote.audienceHint')}</p>
      <h3>{t('quote.price')}</h3>
      <Stats
        items={[
          { label: t('quote.segments'), value: formatCount(q.segments) },
          { label: t('quote.encoding'), value: t(`codes:${q.encoding}`) },
          { label: t('quote.unitPrice'), value: formatTzs(q.unit_amount) },
          { label: t('quote.total'), value: formatTzs(q.total) },
        ]}
      />
      <p className="hint">
        {t('quote.sum', {
          recipients: t('quote.recipients', { count: q.audience.eligible, formattedCount: formatCount(q.audience.eligible) }),
          segments: t('quote.segmentCount', { count: q.segments, formattedCount: formatCount(q.segments) }),
          unit: formatTzs(q.unit_amount),
          time: formatDateTime(q.created_at),
        })}{' '}
        {q.assumptions.map((a) => (isKnownAssumption(a) ? t(`quote.${a}`) : a)).join(' ')}
      </p>
      {q.traffic_class === 'promotional' && <SendingWindow />}
    </div>
  );
}

function SendingWindow() {
  const t = useCampaignWords();
  const sendingWindow = useQuery(trpc.platform.sendingWindow.queryOptions());
  return (
    <>
      <h3>{t('window.heading')}</h3>
      <QueryState query={sendingWindow}>
        {({ sending_window: w }) => (
          <>
            <p className={w.open_now ? 'window window-open' : 'window window-closed'} id="campaign-window-state">
              {w.open_now ? t('window.openNow') : t('window.closedNow')}
            </p>
            <Stats
              items={[
                { label: t('window.hours'), value: `${w.opens}–${w.closes}` },
                { label: t('window.nextOpening'), value: formatDateTime(w.next_opening) },
              ]}
            />
            <p className="hint">{t('window.hint')}</p>
          </>
        )}
      </QueryState>
    </>
  );
}
