// A draft's quote (campaigns.quote, once per idempotency key): the audience counted, segments, encoding, the price
// in TZS and the time it stays valid; for a promotional campaign, the sending window. A current quote can be launched.
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { formatEncoding, plural } from '../format/text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { Stats } from '../ui/stats.tsx';
import { QuoteCountdown, useTimeLeft } from './countdown.tsx';
import { CampaignLaunch } from './launch.tsx';
import type { Campaign } from './campaign-form.tsx';
import { useAction } from '../ui/use-action.ts';

export type Quote = NonNullable<Campaign['quote']>;
type Quoted = Outputs['campaigns']['quote'];

const ASSUMPTIONS: Record<string, string> = {
  segment_sizes_standard: 'Segments are counted as handsets usually split messages (160 GSM-7 or 70 UCS-2 characters in one segment).',
};

export function CampaignQuote({ campaign }: { campaign: Campaign }) {
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
      <h2 id="quote-heading">Quote</h2>
      {q ? (
        <QuoteReview quote={q} left={left} expired={expired} />
      ) : (
        <p>
          No quote yet. A quote counts who would receive the campaign and what it costs, and stays valid for 15 minutes. Nothing is held from the wallet
          until the campaign is launched.
        </p>
      )}
      {q?.status === 'stale' && (
        <p className="note note-danger" role="alert">
          The draft or the SMS route changed after this quote: quote again to launch.
        </p>
      )}
      {quote.error && <ErrorAlert error={quote.error} title="The draft could not be quoted." />}
      {can('campaigns.write') && (
        <div className="campaign-actions">
          <button type="button" className={usable ? 'button button-secondary' : 'button'} onClick={requote} disabled={quote.isPending}>
            {quote.isPending ? 'Quoting…' : q ? 'Quote again' : 'Get a quote'}
          </button>
        </div>
      )}
      {usable && can('campaigns.launch') && <CampaignLaunch campaign={campaign} quote={q} />}
    </section>
  );
}

function QuoteReview({ quote: q, left, expired }: { quote: Quote; left: number | null; expired: boolean }) {
  return (
    <div className="quote-review">
      <QuoteCountdown expiresAt={q.expires_at} expired={expired} left={left} />
      <h3>Audience</h3>
      <Stats
        items={[
          { label: 'Eligible', value: q.audience.eligible.toLocaleString('en-US') },
          { label: 'Duplicates', value: q.audience.duplicates.toLocaleString('en-US') },
          { label: 'Opted out', value: q.audience.opted_out.toLocaleString('en-US') },
          { label: 'No consent', value: q.audience.no_consent.toLocaleString('en-US') },
        ]}
      />
      <p className="hint">Only eligible numbers receive the campaign, each once; the others are counted here and left out.</p>
      <h3>Price</h3>
      <Stats
        items={[
          { label: 'Segments', value: q.segments },
          { label: 'Encoding', value: formatEncoding(q.encoding) },
          { label: 'Price a segment', value: formatTzs(q.unit_amount) },
          { label: 'Total', value: formatTzs(q.total) },
        ]}
      />
      <p className="hint">
        {plural(q.audience.eligible, 'recipient')} × {plural(q.segments, 'segment')} × {formatTzs(q.unit_amount)}, quoted {formatDateTime(q.created_at)}.{' '}
        {q.assumptions.map((a) => ASSUMPTIONS[a] ?? a).join(' ')}
      </p>
      {q.traffic_class === 'promotional' && <SendingWindow />}
    </div>
  );
}

function SendingWindow() {
  const sendingWindow = useQuery(trpc.platform.sendingWindow.queryOptions());
  return (
    <>
      <h3>Sending window</h3>
      <QueryState query={sendingWindow}>
        {({ sending_window: w }) => (
          <>
            <p className={w.open_now ? 'window window-open' : 'window window-closed'} id="campaign-window-state">
              {w.open_now ? 'Open now' : 'Closed now'}
            </p>
            <Stats
              items={[
                { label: 'Window hours (EAT)', value: `${w.opens}–${w.closes}` },
                { label: 'Next opening', value: formatDateTime(w.next_opening) },
              ]}
            />
            <p className="hint">A promotional campaign must start inside the window; while it is closed, sending pauses and resumes at the next opening.</p>
          </>
        )}
      </QueryState>
    </>
  );
}
