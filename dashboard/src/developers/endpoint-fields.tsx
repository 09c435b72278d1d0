// A webhook endpoint's fields, shared by the create and edit forms: address, description, the event types it
// receives (every one, or those ticked from the service's own list).
import { EVENT_TYPES, type EventType } from '../../../core/domain/webhooks.ts';
import { Field } from '../ui/field.tsx';
import { Checkboxes } from '../ui/checkboxes.tsx';
import type { FormErrors } from '../ui/form-errors.ts';

export interface EndpointDraft {
  url: string;
  description: string;
  every: boolean;
  eventTypes: EventType[];
}

export const ENDPOINT_FIELDS = ['url', 'description', 'event_types', 'enabled'];

/** What the service takes: no event type list means every event type, an empty description none. */
export function endpointBody(d: EndpointDraft) {
  return { url: d.url.trim(), description: d.description.trim() || null, event_types: d.every ? null : d.eventTypes };
}

export function draftOf(endpoint: { url: string; description: string | null; event_types: string[] | null }): EndpointDraft {
  return {
    url: endpoint.url,
    description: endpoint.description ?? '',
    every: endpoint.event_types === null,
    eventTypes: EVENT_TYPES.filter((t) => endpoint.event_types?.includes(t)),
  };
}

export function EndpointFields({ draft, onChange, errors }: { draft: EndpointDraft; onChange: (d: EndpointDraft) => void; errors: FormErrors }) {
  const set = (patch: Partial<EndpointDraft>) => onChange({ ...draft, ...patch });
  return (
    <>
      <Field label="URL" error={errors.of('url')} hint="An https address of yours that answers a POST with a 2xx status.">
        {(c) => <input {...c} name="url" type="url" inputMode="url" required autoComplete="off" value={draft.url} onChange={(e) => set({ url: e.target.value })} />}
      </Field>
      <Field label="Description (optional)" error={errors.of('description')}>
        {(c) => <input {...c} name="description" value={draft.description} onChange={(e) => set({ description: e.target.value })} />}
      </Field>
      <fieldset className="field">
        <legend>Events sent</legend>
        <label className="choice">
          <input type="radio" name="every" checked={draft.every} onChange={() => set({ every: true })} /> Every event type, present and future
        </label>
        <label className="choice">
          <input type="radio" name="every" checked={!draft.every} onChange={() => set({ every: false })} /> Only the types chosen below
        </label>
      </fieldset>
      {!draft.every && (
        <Checkboxes
          legend="Event types"
          options={EVENT_TYPES}
          value={draft.eventTypes}
          onChange={(eventTypes) => set({ eventTypes })}
          text={(t) => <code className="admin-code">{t}</code>}
          error={errors.of('event_types')}
        />
      )}
      {draft.every && errors.of('event_types') && (
        <p className="field-error" role="alert">
          {errors.of('event_types')}
        </p>
      )}
    </>
  );
}
