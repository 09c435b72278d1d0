// The editor of a campaign draft: name, traffic class, sender, groups, body with its live counter, start and
// validity, checked by the server's schema of a draft. A new draft is created once per idempotency key; a saved one
// is changed at the version it was read.
import { Controller } from 'react-hook-form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZCreateDraftBody } from '../../../core/inputs/campaigns.ts';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { href, navigate } from '../router.ts';
import { useDebounced } from '../ui/use-debounced.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { BodyCounter } from '../messages/body-counter.tsx';
import { SenderSelect } from '../developers/sender-select.tsx';
import { TRAFFIC_CLASSES } from '../../../core/domain/pricing.ts';
import { CampaignGroups } from './groups.tsx';
import { ScheduleFields, scheduleFields, scheduleOf, type ScheduleValue } from './schedule.tsx';
import { useAction } from '../ui/use-action.ts';
import { messageAt, useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { useCampaignWords } from './words.ts';

export type Campaign = Outputs['campaigns']['get']['campaign'];
type TrafficClass = Campaign['traffic_class'];

interface DraftForm {
  name: string;
  traffic_class: TrafficClass;
  sender_id: string;
  body: string;
  group_ids: string[];
  schedule: ScheduleValue;
}

const FIELDS = ['name', 'traffic_class', 'sender_id', 'body', 'group_ids', 'scheduled_at', 'validity_seconds'];

function formOf(c: Campaign | undefined): DraftForm {
  if (!c) return { name: '', traffic_class: 'transactional', sender_id: '', body: '', group_ids: [], schedule: scheduleOf(null, null) };
  return { name: c.name, traffic_class: c.traffic_class, sender_id: c.sender_id, body: c.body, group_ids: [...c.group_ids], schedule: scheduleOf(c.scheduled_at, c.validity_seconds) };
}

function fieldsOf(form: DraftForm) {
  return { name: form.name.trim(), traffic_class: form.traffic_class, sender_id: form.sender_id, body: form.body, group_ids: form.group_ids, ...scheduleFields(form.schedule) };
}
type DraftFields = ReturnType<typeof fieldsOf>;

const sameInstant = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

/** Only what changed is sent: a body left alone keeps its counted encoding, an unchanged start is not checked again. */
function changedFields(c: Campaign, f: DraftFields): Partial<DraftFields> {
  const changed: Partial<DraftFields> = {};
  if (f.name !== c.name) changed.name = f.name;
  if (f.traffic_class !== c.traffic_class) changed.traffic_class = f.traffic_class;
  if (f.sender_id !== c.sender_id) changed.sender_id = f.sender_id;
  if (f.body !== c.body) changed.body = f.body;
  if ([...f.group_ids].sort().join() !== [...c.group_ids].sort().join()) changed.group_ids = f.group_ids;
  if (!sameInstant(f.scheduled_at, c.scheduled_at)) changed.scheduled_at = f.scheduled_at;
  if (f.validity_seconds !== c.validity_seconds) changed.validity_seconds = f.validity_seconds;
  return changed;
}

export function CampaignForm({ campaign }: { campaign?: Campaign }) {
  const t = useCampaignWords();
  // Every field is checked as a whole draft would be; an edit then sends only what changed.
  const form = useSchemaForm({ schema: ZCreateDraftBody, defaultValues: formOf(campaign), toInput: fieldsOf });
  const [body, trafficClass, senderId] = form.watch(['body', 'traffic_class', 'sender_id']);
  const draft = useDebounced({ body, traffic_class: trafficClass }, 250);
  // The counter asks the server what the body counts and costs a recipient, as it is typed (the editor is for
  // those who write campaigns, whom campaigns.preview answers).
  const preview = useQuery({ ...trpc.campaigns.preview.queryOptions(draft), enabled: draft.body.length > 0, placeholderData: keepPreviousData });
  const saved = (answer: { campaign: Campaign }) => {
    queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: answer.campaign.id }), { campaign: answer.campaign });
    navigate(`/campaigns/${answer.campaign.id}`);
  };
  const invalidates = [trpc.campaigns.list.queryKey()];
  const create = useAction(trpc.campaigns.create.mutationOptions(), { idempotent: true, invalidates, onSuccess: saved });
  const edit = useAction(trpc.campaigns.edit.mutationOptions(), { invalidates, onSuccess: saved });
  const save = campaign ? edit : create;
  const general = useServerRefusal(form, save.error, FIELDS);
  const fieldError = (name: string) => messageAt(form.formState.errors, name);

  const onSubmit = form.handleSubmit(() => {
    const fields = fieldsOf(form.getValues());
    if (!campaign) return create.run(fields);
    const changed = changedFields(campaign, fields);
    if (Object.keys(changed).length === 0) navigate(`/campaigns/${campaign.id}`);
    else edit.run({ id: campaign.id, version: campaign.version, ...changed });
  });

  const typing = body !== draft.body || preview.isFetching;
  const counter = <BodyCounter id="campaign-body-counter" empty={!body} preview={preview.data} error={preview.error} updating={typing} />;

  return (
    <form className="form card campaign-form" onSubmit={onSubmit} noValidate>
      <Field label={t('form.name')} error={fieldError('name')} hint={t('form.nameHint')}>
        {(control) => <input {...control} {...form.register('name')} />}
      </Field>
      <fieldset className="field">
        <legend>{t('form.trafficClass')}</legend>
        {TRAFFIC_CLASSES.map((c) => (
          <label key={c} className="choice">
            <input type="radio" value={c} {...form.register('traffic_class')} /> {t(`codes:${c}`)}
          </label>
        ))}
        <p className="hint">{t('form.trafficClassHint')}</p>
        {fieldError('traffic_class') && (
          <p className="field-error" role="alert">
            {fieldError('traffic_class')}
          </p>
        )}
      </fieldset>
      <Controller
        control={form.control}
        name="sender_id"
        render={({ field }) => <SenderSelect trafficClass={trafficClass} value={field.value} onChange={field.onChange} error={fieldError('sender_id')} />}
      />
      <Controller
        control={form.control}
        name="group_ids"
        render={({ field }) => <CampaignGroups value={field.value} onChange={field.onChange} error={fieldError('group_ids')} />}
      />
      <Field label={t('form.message')} error={fieldError('body')} hint={counter}>
        {(control) => <textarea {...control} {...form.register('body')} rows={6} />}
      </Field>
      <Controller
        control={form.control}
        name="schedule"
        render={({ field }) => <ScheduleFields value={field.value} onChange={field.onChange} fieldError={fieldError} />}
      />
      {general !== null && <ErrorAlert error={general} />}
      <div className="campaign-actions">
        <button type="submit" className="button" disabled={save.isPending || !senderId}>
          {save.isPending ? t('form.saving') : campaign ? t('form.saveChanges') : t('form.createDraft')}
        </button>
        <a className="button button-secondary" href={href(campaign ? `/campaigns/${campaign.id}` : '/campaigns')}>
          {t('form.cancel')}
        </a>
      </div>
    </form>
  );
}
