// Creating a webhook endpoint (its signing secret then shown once) and changing one (address, events, enabled),
// each checked by the server's schema before it is sent.
import { ZCreateEndpointBody, ZUpdateEndpointBody } from '../../../core/inputs/webhooks.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { ENDPOINT_FIELDS, EndpointFields, endpointBody, valuesOf, type EndpointValues } from './endpoint-fields.tsx';

export type CreatedEndpoint = Outputs['webhooks']['createEndpoint'];
type Endpoint = Outputs['webhooks']['getEndpoint']['endpoint'];

const EMPTY: EndpointValues = { url: '', description: '', events: 'every', event_types: [], enabled: true };

export function EndpointCreateForm({ onCreated }: { onCreated: (created: CreatedEndpoint) => void }) {
  const form = useSchemaForm({ schema: ZCreateEndpointBody, defaultValues: EMPTY, toInput: endpointBody });
  const create = useAction(trpc.webhooks.createEndpoint.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.webhooks.pathKey()],
    onSuccess: (created) => {
      form.reset(EMPTY);
      onCreated(created);
    },
  });
  const general = useServerRefusal(form, create.error, ENDPOINT_FIELDS);
  return (
    <form className="form" onSubmit={form.handleSubmit((input) => create.run(input))} noValidate aria-label="Add an endpoint">
      <EndpointFields form={form} />
      {general !== null && <ErrorAlert error={general} />}
      <div>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
}

export function EndpointEditForm({ endpoint }: { endpoint: Endpoint }) {
  const form = useSchemaForm({ schema: ZUpdateEndpointBody, defaultValues: valuesOf(endpoint), toInput: (v: EndpointValues) => ({ ...endpointBody(v), enabled: v.enabled }) });
  const update = useAction(trpc.webhooks.updateEndpoint.mutationOptions(), { invalidates: [trpc.webhooks.pathKey()] });
  const general = useServerRefusal(form, update.error, ENDPOINT_FIELDS);
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    update.reset();
    update.run({ id: endpoint.id, ...input });
  });
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Change the endpoint">
      <EndpointFields form={form} />
      <div className="field">
        <label className="choice admin-check">
          <input type="checkbox" {...form.register('enabled')} /> Enabled (deliveries are sent)
        </label>
        {errors.enabled && (
          <p className="field-error" role="alert">
            {errors.enabled.message}
          </p>
        )}
      </div>
      {general !== null && <ErrorAlert error={general} />}
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
