// A webhook endpoint's fields, shared by the create and edit forms: address, description, the event types it
// receives (every one, or those ticked from the service's own list).
import { Controller, type UseFormReturn } from 'react-hook-form';
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
  const { errors } = form.formState;
  const every = form.watch('events') === 'every';
  return (
    <>
      <Field label="URL" error={errors.url?.message} hint="An https address of yours that answers a POST with a 2xx status.">
        {(c) => <input {...c} {...form.register('url')} type="url" inputMode="url" autoComplete="off" />}
      </Field>
      <Field label="Description (optional)" error={errors.description?.message}>
        {(c) => <input {...c} {...form.register('description')} />}
      </Field>
      <fieldset className="field">
        <legend>Events sent</legend>
        <label className="choice">
          <input type="radio" value="every" {...form.register('events')} /> Every event type, present and future
        </label>
        <label className="choice">
          <input type="radio" value="chosen" {...form.register('events')} /> Only the types chosen below
        </label>
      </fieldset>
      {!every && (
        <Controller
          control={form.control}
          name="event_types"
          render={({ field }) => (
            <Checkboxes
              legend="Event types"
              options={EVENT_TYPES}
              value={field.value}
              onChange={field.onChange}
              text={(t) => <code className="admin-code">{t}</code>}
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
