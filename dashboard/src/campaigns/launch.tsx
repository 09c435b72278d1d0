// Launching a quoted draft (campaigns.launch, once per idempotency key): now, at the draft's time or, while the
// sending window holds the campaign back, at its next opening; with its validity, after a confirmation that names
// the amount the wallet will hold and when the campaign starts. A start the window would refuse is never offered
// (the draft's launch_window says which, by the rule the launch applies).
import { useState, type FormEvent } from 'react';
import { queryClient, trpc } from '../trpc.ts';
import { errorField, errorMessage, isRefusal } from '../errors.ts';
import { navigate } from '../router.ts';
import { formatTzs } from '../format/money.ts';
import { formatCount } from '../format/locale.ts';
import { darDay, formatDateTime } from '../format/time.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { DEFAULT_VALIDITY_HOURS, MAX_VALIDITY_HOURS, MIN_VALIDITY_HOURS, scheduleFields } from './schedule.tsx';
import { useServiceClockOffset } from './countdown.tsx';
import type { Campaign } from './campaign-form.tsx';
import type { Quote } from './quote.tsx';
import { useAction } from '../ui/use-action.ts';
import { useCampaignWords } from './words.ts';
import { launchStartsOffered, type LaunchStart as Start } from './launch-starts.ts';


/** The next opening as members read it: "08:00 EAT" when it is today by the service's clock, else with its date. */
function useOpeningText(c: Campaign): string {
  const offset = useServiceClockOffset();
  const w = c.launch_window;
  if (!w) return '';
  const today = darDay(new Date(Date.now() + (offset ?? 0)));
  return w.next_opening_date === today ? w.next_opening_local : formatDateTime(w.next_opening);
}

export function CampaignLaunch({ campaign, quote }: { campaign: Campaign; quote: Quote }) {
  const t = useCampaignWords();
  const offered = launchStartsOffered(campaign.scheduled_at, campaign.launch_window);
  const [chosen, setStart] = useState<Start>(offered[0]!);
  // The advice is read again with the campaign (a window that opened or closed meanwhile changes what is offered).
  const start = offered.includes(chosen) ? chosen : offered[0]!;
  const opening = useOpeningText(campaign);
  const [hours, setHours] = useState(String((campaign.validity_seconds ?? DEFAULT_VALIDITY_HOURS * 3600) / 3600));
  const [confirming, setConfirming] = useState(false);
  const launch = useAction(trpc.campaigns.launch.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.campaigns.list.queryKey(), trpc.wallet.pathKey()],
    onSuccess: (answer) => {
      queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaign.id }), { campaign: answer.campaign });
      navigate(`/campaigns/${campaign.id}`, { launched: '1' });
    },
    onError: () => {
      setConfirming(false);
      // A refusal may come from a quote that expired or went stale meanwhile: the review shows it as it stands.
      void queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id: campaign.id }) });
    },
  });

  const scheduledAt = start === 'scheduled' ? campaign.scheduled_at : start === 'opening' ? (campaign.launch_window?.next_opening ?? null) : null;
  const validitySeconds = scheduleFields({ when: 'launch', at: '', validityHours: hours }).validity_seconds;
  const review = (e: FormEvent) => {
    e.preventDefault();
    launch.reset();
    setConfirming(true);
  };
  const confirm = () => launch.run({ id: campaign.id, quote_id: quote.id, scheduled_at: scheduledAt, validity_seconds: validitySeconds });
  const validityError = launch.error && errorField(launch.error) === 'validity_seconds' ? errorMessage(launch.error) : undefined;
  const label: Record<Start, string> = {
    scheduled: t('launch.asDraftSays', { time: formatDateTime(campaign.scheduled_at) }),
    now: t('launch.now'),
    opening: t('launch.nextOpening', { time: opening }),
  };
  const button: Record<Start, string> = { scheduled: t('launch.schedule'), now: t('launch.launchNow'), opening: t('launch.scheduleNextOpening', { time: opening }) };

  return (
    <div className="campaign-launch">
      <h3>{t('launch.heading')}</h3>
      {campaign.launch_window?.launch_now_refused && <p className="note">{t('launch.closedNow', { time: opening })}</p>}
      {campaign.launch_window?.scheduled_at_refused && <p className="note">{t('launch.draftTimeOutside', { time: formatDateTime(campaign.scheduled_at) })}</p>}
      <form className="form" onSubmit={review} aria-label={t('launch.options')}>
        {offered.length > 1 && (
          <fieldset className="field" disabled={confirming}>
            <legend>{t('launch.start')}</legend>
            {offered.map((s) => (
              <label key={s} className="choice">
                <input type="radio" name="launch_start" checked={start === s} onChange={() => setStart(s)} /> {label[s]}
              </label>
            ))}
          </fieldset>
        )}
        <Field label={t('launch.validFor')} error={validityError} hint={t('launch.validForHint', { min: MIN_VALIDITY_HOURS, max: MAX_VALIDITY_HOURS })}>
          {(control) => (
            <input
              {...control}
              name="launch_validity_hours"
              type="number"
              inputMode="numeric"
              min={MIN_VALIDITY_HOURS}
              max={MAX_VALIDITY_HOURS}
              step="any"
              required
              disabled={confirming}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          )}
        </Field>
        {!confirming && (
          <div className="campaign-actions">
            <button type="submit" className="button">
              {button[start]}
            </button>
          </div>
        )}
      </form>
      {confirming && (
        <div className="confirm-panel" role="group" aria-labelledby="launch-confirm-title">
          <p id="launch-confirm-title" className="confirm-title">
            {t('launch.willBeHeld', { amount: formatTzs(quote.total) })}
          </p>
          <p id="launch-confirm-details">
            {t('launch.details', {
              recipients: t('quote.recipients', { count: quote.audience.eligible, formattedCount: formatCount(quote.audience.eligible) }),
              start: scheduledAt ? t('launch.startingAt', { time: formatDateTime(scheduledAt) }) : t('launch.startingNow'),
              hours: t('launch.hours', { count: Number(hours) }),
            })}
          </p>
          {/* The safe choice takes the focus, so that a second press of Enter does not act. */}
          <div className="campaign-actions">
            <button type="button" className="button" onClick={confirm} disabled={launch.isPending}>
              {launch.isPending ? t('launch.launching') : t('launch.holdAndLaunch', { amount: formatTzs(quote.total) })}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} disabled={launch.isPending} autoFocus>
              {t('launch.goBack')}
            </button>
          </div>
        </div>
      )}
      {launch.error && !validityError && <ErrorAlert error={launch.error} title={isRefusal(launch.error) ? t('launch.refused') : t('launch.noAnswer')} />}
    </div>
  );
}
