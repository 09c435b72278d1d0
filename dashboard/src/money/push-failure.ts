// Why a top-up ended unpaid, in plain words of the language shown: by the failure's code when the aggregator's answer
// was read into one, else in the aggregator's own words, else by the operator's decision of a filed request.
import type { TFunction } from 'i18next';
import type { Outputs } from '../trpc.ts';

type TopUp = Outputs['wallet']['topUps']['top_ups'][number];

/** Statuses no answer of the aggregator changes any more for the member following a payment. */
export function isSettled(status: TopUp['status']): boolean {
  return status !== 'pending';
}

/** The words for a top-up that was not paid; null for one that is pending or credited, or a filed request never refused. */
export function notPaidWords(t: TFunction<'money'>, topUp: TopUp, provider: string): string | null {
  if (topUp.status === 'declined') return topUp.decline_reason;
  if (topUp.status !== 'failed' && topUp.status !== 'expired') return null;
  const code = topUp.failure_code ?? (topUp.status === 'expired' ? 'expired' : 'other');
  if (code === 'other') {
    return topUp.failure_reason ? t('failure.other', { provider, reason: topUp.failure_reason }) : t('failure.otherUnsaid', { provider });
  }
  return t(`failure.${code}`, { provider });
}
