// Sending a message later: now, or a date and time in Dar es Salaam (sent as RFC 3339 with the zone's offset),
// checked against the service's clock before anything is sent, with the range the service applies.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MAX_SEND_AT_AHEAD_MS, MIN_SEND_AT_AHEAD_MS } from '../../../core/domain/scheduled-send.ts';
import { eatInputToRfc3339 } from '../campaigns/schedule.tsx';
import { formatDateTime } from '../format/time.ts';
import { Field } from '../ui/field.tsx';

export interface SendLaterValues {
  mode: 'live' | 'test';
  when: 'now' | 'later';
  /** The date-time input's value, in Dar es Salaam ("2026-11-23T10:00"). */
  send_at: string;
}

/** The time the call sends: RFC 3339 with the EAT offset, or nothing for a send now (and always for a test send). */
export function sendAtOf(v: SendLaterValues): string | undefined {
  return v.mode === 'live' && v.when === 'later' && v.send_at ? eatInputToRfc3339(v.send_at) : undefined;
}

/**
 * What is wrong with the time chosen, by the service's clock (`serviceNow`, ms): a browser's clock may be wrong.
 * Until the service's clock is known the service alone judges it.
 */
export function sendAtProblem(v: SendLaterValues, serviceNow: number | null, t: TFunction<'messages'>): string | undefined {
  if (v.mode !== 'live' || v.when !== 'later') return undefined;
  if (!v.send_at) return t('schedule.required');
  if (serviceNow === null) return undefined;
  const ahead = Date.parse(eatInputToRfc3339(v.send_at)) - serviceNow;
  if (ahead < MIN_SEND_AT_AHEAD_MS) return t('schedule.tooSoon', { now: formatDateTime(new Date(serviceNow)) });
  if (ahead > MAX_SEND_AT_AHEAD_MS) return t('schedule.tooFar');
  return undefined;
}

export interface SendLaterFieldsProps {
  values: SendLaterValues;
  when: UseFormRegisterReturn;
  at: UseFormRegisterReturn;
  error: string | undefined;
}

export function SendLaterFields({ values, when, at, error }: SendLaterFieldsProps) {
  const { t } = useTranslation('messages');
  if (values.mode !== 'live') return <p className="hint">{t('schedule.liveOnly')}</p>;
  const sendAt = sendAtOf(values);
  return (
    <>
      <fieldset className="field">
        <legend>{t('schedule.when')}</legend>
        <label className="choice">
          <input type="radio" value="now" {...when} /> {t('schedule.now')}
        </label>
        <label className="choice">
          <input type="radio" value="later" {...when} /> {t('schedule.later')}
        </label>
      </fieldset>
      {values.when === 'later' && (
        <Field
          label={t('schedule.at')}
          error={error}
          hint={
            <>
              {t('schedule.atHint')}
              {sendAt && !error && <span className="send-at-shown"> {t('schedule.willSend', { time: formatDateTime(sendAt) })}</span>}
            </>
          }
        >
          {(control) => <input {...control} {...at} type="datetime-local" />}
        </Field>
      )}
    </>
  );
}
