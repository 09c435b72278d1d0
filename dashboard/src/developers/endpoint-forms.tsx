// Creating a webhook endpoint (its signing secret then shown once) and changing one (address, events, enabled),
// each checked by the server's schema before it is sent.
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('developers');
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
    <form className="form" onSubmit={form.handleSubmit((input) => create.run(input))} noValidate aria-label={t('endpointForm.addForm')}>
      <EndpointFields form={form} />
      {general !== null && <ErrorAlert error={general} />}
      <div>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? t('endpointForm.adding') : t('endpointForm.add')}
        </button>
      </div>
    </form>
  );
}

export function EndpointEditForm({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('developers');
  const form = useSchemaForm({ schema: ZUpdateEndpointBody, defaultValues: valuesOf(endpoint), toInput: (v: EndpointValues) => ({ ...endpointBody(v), enabled: v.enabled }) });
  const update = useAction(trpc.webhooks.updateEndpoint.mutationOptions(), { invalidates: [trpc.webhooks.pathKey()] });
  const general = useServerRefusal(form, update.error, ENDPOINT_FIELDS);
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    update.reset();
    update.run({ id: endpoint.id, ...input });
  });
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('endpointForm.editForm')}>
      <EndpointFields form={form} />
      <div className="field">
        <label className="choice admin-check">
          <input type="checkbox" {...form.register('enabled')} /> {t('endpointForm.enabled')}
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
          {t('endpointForm.saved')}
        </p>
      )}
      <div>
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? t('endpointForm.saving') : t('endpointForm.save')}
        </button>
      </div>
    </form>
  );
}
