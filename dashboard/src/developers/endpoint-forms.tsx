// Creating a webhook endpoint (its signing secret then shown once) and changing one (address, events, enabled).
import { useState, type FormEvent } from 'react';
import { trpc, type Outputs } from '../trpc.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { ENDPOINT_FIELDS, EndpointFields, draftOf, endpointBody, type EndpointDraft } from './endpoint-fields.tsx';
import { useAction } from '../ui/use-action.ts';

export type CreatedEndpoint = Outputs['webhooks']['createEndpoint'];
type Endpoint = Outputs['webhooks']['getEndpoint']['endpoint'];

const EMPTY: EndpointDraft = { url: '', description: '', every: true, eventTypes: [] };


export function EndpointCreateForm({ onCreated }: { onCreated: (created: CreatedEndpoint) => void }) {
  const [draft, setDraft] = useState(EMPTY);
  const create = useAction(trpc.webhooks.createEndpoint.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.webhooks.pathKey()],
    onSuccess: (created) => {
      setDraft(EMPTY);
      onCreated(created);
    },
  });
  const errors = formErrors(create.error, ENDPOINT_FIELDS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = endpointBody(draft);
    create.run(body);
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Add an endpoint">
      <EndpointFields draft={draft} onChange={setDraft} errors={errors} />
      {errors.general !== null && <ErrorAlert error={errors.general} />}
      <div>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
}

export function EndpointEditForm({ endpoint }: { endpoint: Endpoint }) {
  const [draft, setDraft] = useState(() => draftOf(endpoint));
  const [enabled, setEnabled] = useState(endpoint.enabled);
  const update = useAction(trpc.webhooks.updateEndpoint.mutationOptions(), { invalidates: [trpc.webhooks.pathKey()] });
  const errors = formErrors(update.error, ENDPOINT_FIELDS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.reset();
    update.run({ id: endpoint.id, ...endpointBody(draft), enabled });
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Change the endpoint">
      <EndpointFields draft={draft} onChange={setDraft} errors={errors} />
      <div className="field">
        <label className="choice admin-check">
          <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled (deliveries are sent)
        </label>
        {errors.of('enabled') && (
          <p className="field-error" role="alert">
            {errors.of('enabled')}
          </p>
        )}
      </div>
      {errors.general !== null && <ErrorAlert error={errors.general} />}
      {update.isSuccess && (
        <p className="alert alert-success" role="status">
          Saved.
        </p>
      )}
      <div>
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
