// A webhook endpoint's fields, shared by the create and edit forms: address, description, the event types it
// receives (every one, or those ticked from the service's own list).
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EVENT_TYPES, type EventType } from '../../../core/domain/webhooks.ts';
import { Field } from '../ui/field.tsx';
import { Checkboxes } from '../ui/checkboxes.tsx';

export interface EndpointValues {
  url: string;
  description: string;
  events: 'every' | 'chosen';
  event_types: EventType[];
  enabled: boolean;
}

export const ENDPOINT_FIELDS = ['url', 'description', 'event_types', 'enabled'] as const;

/** What the service takes: no event type list means every event type, an empty description none. */
export function endpointBody(v: EndpointValues) {
  return { url: v.url.trim(), description: v.description.trim() || null, event_types: v.events === 'every' ? null : v.event_types };
}

export function valuesOf(endpoint: { url: string; description: string | null; event_types: string[] | null; enabled: boolean }): EndpointValues {
  return {
    url: endpoint.url,
    description: endpoint.description ?? '',
    events: endpoint.event_types === null ? 'every' : 'chosen',
    event_types: EVENT_TYPES.filter((t) => endpoint.event_types?.includes(t)),
    enabled: endpoint.enabled,
  };
}

export function EndpointFields<TInput>({ form }: { form: UseFormReturn<EndpointValues, unknown, TInput> }) {
  const { t } = useTranslation('developers');
  const { errors } = form.formState;
  const every = form.watch('events') === 'every';
  return (
    <>
      <Field label={t('endpointForm.url')} error={errors.url?.message} hint={t('endpointForm.urlHint')}>
        {(c) => <input {...c} {...form.register('url')} type="url" inputMode="url" autoComplete="off" />}
      </Field>
      <Field label={t('endpointForm.description')} error={errors.description?.message}>
        {(c) => <input {...c} {...form.register('description')} />}
      </Field>
      <fieldset className="field">
        <legend>{t('endpointForm.eventsSent')}</legend>
        <label className="choice">
          <input type="radio" value="every" {...form.register('events')} /> {t('endpointForm.every')}
        </label>
        <label className="choice">
          <input type="radio" value="chosen" {...form.register('events')} /> {t('endpointForm.chosen')}
        </label>
      </fieldset>
      {!every && (
        <Controller
          control={form.control}
          name="event_types"
          render={({ field }) => (
            <Checkboxes
              legend={t('endpointForm.eventTypes')}
              options={EVENT_TYPES}
              value={field.value}
              onChange={field.onChange}
              text={(type) => <code className="admin-code">{type}</code>}
              error={errors.event_types?.message}
            />
          )}
        />
      )}
      {every && errors.event_types?.message && (
        <p className="field-error" role="alert">
          {errors.event_types.message}
        </p>
      )}
    </>
  );
}
