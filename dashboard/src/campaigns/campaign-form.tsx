// The editor of a campaign draft: name, traffic class, sender, groups, body with its live counter, start and
// validity. A new draft is created once per idempotency key; a saved one is changed at the version it was read.
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { errorField, errorMessage } from '../errors.ts';
import { href, navigate } from '../router.ts';
import { humanize } from '../format/text.ts';
import { useDebounced } from '../ui/use-debounced.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { BodyCounter } from '../messages/body-counter.tsx';
import { SenderSelect } from '../developers/sender-select.tsx';
import { TRAFFIC_CLASSES } from '../../../core/domain/pricing.ts';
import { CampaignGroups } from './groups.tsx';
import { ScheduleFields, scheduleFields, scheduleOf, type ScheduleValue } from './schedule.tsx';
import { useAction } from '../ui/use-action.ts';

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
  const [form, setForm] = useState(() => formOf(campaign));
  const set = (patch: Partial<DraftForm>) => setForm((f) => ({ ...f, ...patch }));
  const draft = useDebounced({ body: form.body, traffic_class: form.traffic_class }, 250);
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

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const fields = fieldsOf(form);
    if (!campaign) {
      create.run(fields);
      return;
    }
    const changed = changedFields(campaign, fields);
    if (Object.keys(changed).length === 0) navigate(`/campaigns/${campaign.id}`);
    else edit.run({ id: campaign.id, version: campaign.version, ...changed });
  };

  const field = errorField(save.error)?.split(/[.[]/)[0];
  const fieldError = (name: string) => (save.error && field === name ? errorMessage(save.error) : undefined);
  const typing = form.body !== draft.body || preview.isFetching;
  const counter = <BodyCounter id="campaign-body-counter" empty={!form.body} preview={preview.data} error={preview.error} updating={typing} />;

  return (
    <form className="form card campaign-form" onSubmit={onSubmit}>
      <Field label="Campaign name" error={fieldError('name')} hint="For you and your team; recipients do not see it.">
        {(control) => <input {...control} name="name" maxLength={100} required value={form.name} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
      <fieldset className="field">
        <legend>Traffic class</legend>
        {TRAFFIC_CLASSES.map((c) => (
          <label key={c} className="choice">
            <input type="radio" name="traffic_class" value={c} checked={form.traffic_class === c} onChange={() => set({ traffic_class: c })} /> {humanize(c)}
          </label>
        ))}
        <p className="hint">Promotional campaigns reach only numbers with recorded consent, and send only inside the sending window.</p>
        {fieldError('traffic_class') && (
          <p className="field-error" role="alert">
            {fieldError('traffic_class')}
          </p>
        )}
      </fieldset>
      <SenderSelect trafficClass={form.traffic_class} value={form.sender_id} onChange={(sender_id) => set({ sender_id })} error={fieldError('sender_id')} />
      <CampaignGroups value={form.group_ids} onChange={(group_ids) => set({ group_ids })} error={fieldError('group_ids')} />
      <Field label="Message" error={fieldError('body')} hint={counter}>
        {(control) => <textarea {...control} name="body" rows={6} required value={form.body} onChange={(e) => set({ body: e.target.value })} />}
      </Field>
      <ScheduleFields value={form.schedule} onChange={(schedule) => set({ schedule })} fieldError={fieldError} />
      {save.error && !FIELDS.includes(field ?? '') && <ErrorAlert error={save.error} />}
      <div className="campaign-actions">
        <button type="submit" className="button" disabled={save.isPending || !form.sender_id}>
          {save.isPending ? 'Saving…' : campaign ? 'Save changes' : 'Create draft'}
        </button>
        <a className="button button-secondary" href={href(campaign ? `/campaigns/${campaign.id}` : '/campaigns')}>
          Cancel
        </a>
      </div>
    </form>
  );
}
