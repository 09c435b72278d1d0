// Launching a quoted draft (campaigns.launch, once per idempotency key): now or at the draft's time, with its
// validity, after a confirmation that names the amount the wallet will hold.
import { useState, type FormEvent } from 'react';
import { queryClient, trpc } from '../trpc.ts';
import { errorField, errorMessage, isRefusal } from '../errors.ts';
import { navigate } from '../router.ts';
import { formatTzs } from '../format/money.ts';
import { formatDateTime } from '../format/time.ts';
import { plural } from '../format/text.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { DEFAULT_VALIDITY_HOURS, MAX_VALIDITY_HOURS, MIN_VALIDITY_HOURS, scheduleFields } from './schedule.tsx';
import type { Campaign } from './campaign-form.tsx';
import type { Quote } from './quote.tsx';
import { useAction } from '../ui/use-action.ts';

export function CampaignLaunch({ campaign, quote }: { campaign: Campaign; quote: Quote }) {
  const [start, setStart] = useState<'now' | 'scheduled'>(campaign.scheduled_at ? 'scheduled' : 'now');
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

  const scheduledAt = start === 'scheduled' ? campaign.scheduled_at : null;
  const validitySeconds = scheduleFields({ when: 'launch', at: '', validityHours: hours }).validity_seconds;
  const review = (e: FormEvent) => {
    e.preventDefault();
    launch.reset();
    setConfirming(true);
  };
  const confirm = () => {
    const body = { quote_id: quote.id, scheduled_at: scheduledAt, validity_seconds: validitySeconds };
    launch.run({ id: campaign.id, ...body });
  };
  const validityError = launch.error && errorField(launch.error) === 'validity_seconds' ? errorMessage(launch.error) : undefined;

  return (
    <div className="campaign-launch">
      <h3>Launch</h3>
      <form className="form" onSubmit={review} aria-label="Launch options">
        {campaign.scheduled_at && (
          <fieldset className="field" disabled={confirming}>
            <legend>Start</legend>
            <label className="choice">
              <input type="radio" name="launch_start" checked={start === 'scheduled'} onChange={() => setStart('scheduled')} /> As the draft says:{' '}
              {formatDateTime(campaign.scheduled_at)}
            </label>
            <label className="choice">
              <input type="radio" name="launch_start" checked={start === 'now'} onChange={() => setStart('now')} /> Now
            </label>
          </fieldset>
        )}
        <Field label="Valid for (hours)" error={validityError} hint={`${MIN_VALIDITY_HOURS} to ${MAX_VALIDITY_HOURS} hours from the start; what is unsent then expires and its money is released.`}>
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
              {scheduledAt ? 'Schedule…' : 'Launch now…'}
            </button>
          </div>
        )}
      </form>
      {confirming && (
        <div className="confirm-panel" role="group" aria-labelledby="launch-confirm-title">
          <p id="launch-confirm-title" className="confirm-title">
            {formatTzs(quote.total)} will be held from the wallet now.
          </p>
          <p>
            For {plural(quote.audience.eligible, 'recipient')}, {scheduledAt ? `starting ${formatDateTime(scheduledAt)}` : 'starting now'}, valid for{' '}
            {plural(Number(hours), 'hour')}. Each recipient’s share is charged once the operator accepts its message, and released if the message is
            refused, or if the campaign is cancelled or runs out of time before sending it.
          </p>
          {/* The safe choice takes the focus, so that a second press of Enter does not act. */}
          <div className="campaign-actions">
            <button type="button" className="button" onClick={confirm} disabled={launch.isPending}>
              {launch.isPending ? 'Launching…' : `Hold ${formatTzs(quote.total)} and launch`}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)} disabled={launch.isPending} autoFocus>
              Go back
            </button>
          </div>
        </div>
      )}
      {launch.error && !validityError && (
        <ErrorAlert
          error={launch.error}
          title={
            isRefusal(launch.error)
              ? 'The campaign was not launched; nothing was held.'
              : 'No answer came back. Launching again with the same choices cannot hold the money twice.'
          }
        />
      )}
    </div>
  );
}
