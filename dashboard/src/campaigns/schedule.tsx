// A campaign's start and validity as a member enters them: a date and time in Dar es Salaam (sent as RFC 3339 with
// the zone's offset) or "when launched", and the hours a campaign may keep sending after it starts.
import { TIME_ZONE, darDay } from '../format/time.ts';
import { Field } from '../ui/field.tsx';
import { useCampaignWords } from './words.ts';

/** The limits of a campaign's validity (the server checks them: 3,600 to 259,200 seconds). */
export const MIN_VALIDITY_HOURS = 1;
export const MAX_VALIDITY_HOURS = 72;
/** What the service applies when neither the draft nor the launch names a validity. */
export const DEFAULT_VALIDITY_HOURS = 24;

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const zoneOffset = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });

/** The zone's offset at an instant ("+03:00"), from the time zone database rather than a constant of ours. */
function offsetAt(at: Date): string {
  const name = zoneOffset.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name.replace('GMT', '');
  return offset === '' ? '+00:00' : offset;
}

/** A date-time input's value ("2026-11-23T10:00"), read in Dar es Salaam, as RFC 3339 with its offset. */
export function eatInputToRfc3339(value: string): string {
  // The offset of the day in question, taken at noon UTC of that day (the zone has not changed offset since 1960).
  const offset = offsetAt(new Date(`${value.slice(0, 10)}T12:00:00Z`));
  return `${value}:00${offset}`;
}

/** An instant as a date-time input shows it in Dar es Salaam ("2026-11-23T10:00"). */
export function rfc3339ToEatInput(at: string | null): string {
  return at ? `${darDay(at)}T${clock.format(new Date(at))}` : '';
}

export interface ScheduleValue {
  /** Start when the campaign is launched, or at a set time. */
  when: 'launch' | 'at';
  /** The date-time input's value, in Dar es Salaam. */
  at: string;
  /** Hours, as typed; empty for the service's default. */
  validityHours: string;
}

export function scheduleOf(scheduledAt: string | null, validitySeconds: number | null): ScheduleValue {
  return { when: scheduledAt ? 'at' : 'launch', at: rfc3339ToEatInput(scheduledAt), validityHours: validitySeconds === null ? '' : String(validitySeconds / 3600) };
}

/** The draft's fields for a schedule (a number input gives '' for anything but a number: the service's default). */
export function scheduleFields(value: ScheduleValue): { scheduled_at: string | null; validity_seconds: number | null } {
  const hours = value.validityHours.trim();
  return {
    scheduled_at: value.when === 'at' && value.at ? eatInputToRfc3339(value.at) : null,
    validity_seconds: hours === '' ? null : Math.round(Number(hours) * 3600),
  };
}

export interface ScheduleFieldsProps {
  value: ScheduleValue;
  onChange: (value: ScheduleValue) => void;
  fieldError: (name: string) => string | undefined;
}

export function ScheduleFields({ value, onChange, fieldError }: ScheduleFieldsProps) {
  const t = useCampaignWords();
  const set = (patch: Partial<ScheduleValue>) => onChange({ ...value, ...patch });
  return (
    <>
      <fieldset className="field">
        <legend>{t('schedule.start')}</legend>
        <label className="choice">
          <input type="radio" name="when" value="launch" checked={value.when === 'launch'} onChange={() => set({ when: 'launch' })} /> {t('schedule.whenLaunched')}
        </label>
        <label className="choice">
          <input type="radio" name="when" value="at" checked={value.when === 'at'} onChange={() => set({ when: 'at' })} /> {t('schedule.atSetTime')}
        </label>
      </fieldset>
      {value.when === 'at' && (
        <Field label={t('schedule.startAt')} error={fieldError('scheduled_at')} hint={t('schedule.startAtHint')}>
          {(control) => <input {...control} name="scheduled_at" type="datetime-local" required value={value.at} onChange={(e) => set({ at: e.target.value })} />}
        </Field>
      )}
      <Field
        label={t('schedule.validity')}
        error={fieldError('validity_seconds')}
        hint={t('schedule.validityHint', { min: MIN_VALIDITY_HOURS, max: MAX_VALIDITY_HOURS, default: DEFAULT_VALIDITY_HOURS })}
      >
        {(control) => (
          <input
            {...control}
            name="validity_hours"
            type="number"
            inputMode="numeric"
            min={MIN_VALIDITY_HOURS}
            max={MAX_VALIDITY_HOURS}
            step="any"
            value={value.validityHours}
            onChange={(e) => set({ validityHours: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}
