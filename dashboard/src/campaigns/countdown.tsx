// The time left on a quote, counted down each second by the service's clock (platform.status), not the browser's.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';
import { Trans } from 'react-i18next';
import { formatDateTime } from '../format/time.ts';
import { useCampaignWords } from './words.ts';

/**
 * How far the service's clock is ahead of this browser's, in milliseconds (null until known). Quotes expire by the
 * service's time; a browser clock set wrong, or a service running at another time, would otherwise count wrongly.
 */
export function useServiceClockOffset(): number | null {
  const status = useQuery({ ...trpc.platform.status.queryOptions(), staleTime: 5 * 60_000 });
  if (!status.data) return null;
  return Date.parse(status.data.time) - status.dataUpdatedAt;
}

/** Milliseconds until `at` by the service's clock, updated every second; null until the clock is known (or no `at`). */
export function useTimeLeft(at: string | null): number | null {
  const offset = useServiceClockOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return offset === null || at === null ? null : Math.max(0, Date.parse(at) - (now + offset));
}

/** "14:05" for 14 minutes 5 seconds; hours first past an hour. */
export function formatTimeLeft(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export interface QuoteCountdownProps {
  expiresAt: string | null;
  /** What the service said when the quote was read: it may already know the quote expired. */
  expired: boolean;
  left: number | null;
}

export function QuoteCountdown({ expiresAt, expired, left }: QuoteCountdownProps) {
  const t = useCampaignWords();
  if (expired || left === 0) {
    return (
      <p className="quote-expired" role="alert">
        {t('countdown.expired', { time: formatDateTime(expiresAt) })}
      </p>
    );
  }
  return (
    <p className="quote-countdown">
      {t('countdown.validUntil', { time: formatDateTime(expiresAt) })}
      {left !== null && (
        <>
          {' · '}
          <Trans
            t={t}
            i18nKey="countdown.timeLeft"
            values={{ left: formatTimeLeft(left) }}
            components={{ timer: <span role="timer" aria-live="off" className="quote-time-left" /> }}
          />
        </>
      )}
    </p>
  );
}
