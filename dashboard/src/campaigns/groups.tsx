// Choosing a campaign's groups (groups.list): a checkbox each, with its number of contacts; their union is the audience.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { Loading } from '../ui/loading.tsx';
import { formatCount } from '../format/locale.ts';
import { useCampaignWords } from './words.ts';

export interface CampaignGroupsProps {
  value: readonly string[];
  onChange: (groupIds: string[]) => void;
  error: string | undefined;
}

export function CampaignGroups({ value, onChange, error }: CampaignGroupsProps) {
  const t = useCampaignWords();
  const hintId = useId();
  const groups = useQuery(trpc.groups.list.queryOptions());
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((g) => g !== id));
  return (
    <fieldset className={error ? 'field field-invalid' : 'field'} aria-describedby={hintId}>
      <legend>{t('groups.legend')}</legend>
      {groups.isPending ? (
        <Loading label={t('groups.loading')} />
      ) : groups.isError ? (
        <ErrorAlert error={groups.error} title={t('groups.failed')} />
      ) : groups.data.groups.length === 0 ? (
        <p className="empty">{t('groups.none')}</p>
      ) : (
        <ul className="campaign-groups">
          {groups.data.groups.map((g) => (
            <li key={g.id}>
              <label className="choice">
                <input type="checkbox" name="group_ids" value={g.id} checked={chosen.has(g.id)} onChange={(e) => toggle(g.id, e.target.checked)} />
                <span>
                  {g.name} <span className="hint">{t('groups.contacts', { count: g.members, formattedCount: formatCount(g.members) })}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p id={hintId} className="hint">
        {t('groups.hint')}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
