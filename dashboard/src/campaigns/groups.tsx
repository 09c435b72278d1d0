// Choosing a campaign's groups (groups.list): a checkbox each, with its number of contacts; their union is the audience.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { Loading } from '../ui/loading.tsx';

export interface CampaignGroupsProps {
  value: readonly string[];
  onChange: (groupIds: string[]) => void;
  error: string | undefined;
}

export function CampaignGroups({ value, onChange, error }: CampaignGroupsProps) {
  const hintId = useId();
  const groups = useQuery(trpc.groups.list.queryOptions());
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((g) => g !== id));
  return (
    <fieldset className={error ? 'field field-invalid' : 'field'} aria-describedby={hintId}>
      <legend>Groups</legend>
      {groups.isPending ? (
        <Loading label="Loading groups" />
      ) : groups.isError ? (
        <ErrorAlert error={groups.error} title="The groups could not be loaded." />
      ) : groups.data.groups.length === 0 ? (
        <p className="empty">No group yet: add contacts to a group first.</p>
      ) : (
        <ul className="campaign-groups">
          {groups.data.groups.map((g) => (
            <li key={g.id}>
              <label className="choice">
                <input type="checkbox" name="group_ids" value={g.id} checked={chosen.has(g.id)} onChange={(e) => toggle(g.id, e.target.checked)} />
                <span>
                  {g.name} <span className="hint">({g.members.toLocaleString('en-US')} {g.members === 1 ? 'contact' : 'contacts'})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p id={hintId} className="hint">
        A number in several groups receives the campaign once. Opted-out numbers are left out, and for a promotional campaign so are numbers without recorded
        consent; the quote counts them.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
