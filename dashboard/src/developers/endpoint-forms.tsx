// Creating a webhook endpoint (its signing secret then shown once) and changing one (address, events, enabled).
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { useIdempotencyKey } from '../ui/idempotency-key.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { ENDPOINT_FIELDS, EndpointFields, draftOf, endpointBody, type EndpointDraft } from './endpoint-fields.tsx';

export type CreatedEndpoint = Outputs['webhooks']['createEndpoint'];
type Endpoint = Outputs['webhooks']['getEndpoint']['endpoint'];

const EMPTY: EndpointDraft = { url: '', description: '', every: true, eventTypes: [] };

const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });

export function EndpointCreateForm({ onCreated }: { onCreated: (created: CreatedEndpoint) => void }) {
  const [draft, setDraft] = useState(EMPTY);
  const idempotency = useIdempotencyKey();
  const create = useMutation(
    trpc.webhooks.createEndpoint.mutationOptions({
      onSuccess: (created) => {
        idempotency.done();
        setDraft(EMPTY);
        onCreated(created);
        refresh();
      },
    }),
  );
  const errors = formErrors(create.error, ENDPOINT_FIELDS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = endpointBody(draft);
    create.mutate({ ...body, idempotencyKey: idempotency.keyFor(body) });
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
  const update = useMutation(trpc.webhooks.updateEndpoint.mutationOptions({ onSuccess: refresh }));
  const errors = formErrors(update.error, ENDPOINT_FIELDS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.reset();
    update.mutate({ id: endpoint.id, ...endpointBody(draft), enabled });
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
