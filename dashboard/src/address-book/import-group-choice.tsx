// The group an import's contacts join: none, one of the organization's, or a new one created as processing starts.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../trpc.ts';
import { formatCount } from '../format/locale.ts';
import { Field } from '../ui/field.tsx';
import type { FormErrors } from '../ui/form-errors.ts';

const CHOICES = ['none', 'existing', 'new'] as const;

export interface GroupDraft {
  choice: (typeof CHOICES)[number];
  id: string;
  name: string;
}

/** The processing request's group_id or group_name. */
export function groupRequest(group: GroupDraft) {
  if (group.choice === 'existing') return { group_id: group.id };
  if (group.choice === 'new') return { group_name: group.name.trim() };
  return {};
}

export function GroupChoiceFields({ value, onChange, errors }: { value: GroupDraft; onChange: (value: GroupDraft) => void; errors: FormErrors }) {
  const { t } = useTranslation('addressBook');
  const groups = useQuery(trpc.groups.list.queryOptions());
  return (
    <>
      <fieldset className="field">
        <legend>{t('groupChoice.legend')}</legend>
        {CHOICES.map((choice) => (
          <label key={choice} className="choice">
            <input type="radio" name="group" value={choice} checked={value.choice === choice} onChange={() => onChange({ ...value, choice })} /> {t(`groupChoice.${choice}`)}
          </label>
        ))}
      </fieldset>
      {value.choice === 'existing' && (
        <Field label={t('groupChoice.existingGroup')} error={errors.of('group_id')}>
          {(c) => (
            <select {...c} required value={value.id} onChange={(e) => onChange({ ...value, id: e.target.value })}>
              <option value="">{t('groupChoice.choose')}</option>
              {(groups.data?.groups ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {t('groupChoice.option', { name: g.name, count: g.members, formatted: formatCount(g.members) })}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {value.choice === 'new' && (
        <Field label={t('groupChoice.newName')} error={errors.of('group_name')} hint={t('groupChoice.newNameHint')}>
          {(c) => <input {...c} required maxLength={100} autoComplete="off" value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />}
        </Field>
      )}
    </>
  );
}
