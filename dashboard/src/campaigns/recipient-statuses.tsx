// The statuses a campaign recipient shows (its own before it is fed, its message's after), grouped for progress,
// and the options of a status filter.
import type { Inputs } from '../trpc.ts';
import { useCampaignWords } from './words.ts';

export type RecipientFilter = NonNullable<Inputs['campaigns']['recipients']['status']>;
export type RecipientStatus = Exclude<RecipientFilter, 'skipped'>;

/** Every status once, in the order a recipient goes through them; the type makes a status missing here an error. */
const GROUP_OF: Record<RecipientStatus, 'waiting' | 'on_its_way' | 'final'> = {
  pending: 'waiting',
  accepted: 'on_its_way',
  submitted: 'on_its_way',
  unknown: 'on_its_way',
  delivered: 'final',
  undelivered: 'final',
  failed: 'final',
  expired: 'final',
  cancelled: 'final',
  skipped_opted_out: 'final',
  skipped_no_consent: 'final',
};

export const RECIPIENT_STATUSES = Object.keys(GROUP_OF) as RecipientStatus[];

export function groupOf(status: RecipientStatus): 'waiting' | 'on_its_way' | 'final' {
  return GROUP_OF[status];
}

export function isRecipientStatus(status: string): status is RecipientStatus {
  return status in GROUP_OF;
}

/** The options of a status filter, "any" first; `skipped` stands for both skipped statuses. */
export function StatusOptions({ any }: { any: string }) {
  const t = useCampaignWords();
  return (
    <>
      <option value="">{any}</option>
      {RECIPIENT_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t(`codes:${s}`)}
        </option>
      ))}
      <option value="skipped">{t('recipients.eitherSkipped')}</option>
    </>
  );
}
