// The API keys a member change would revoke (a removal, or a role that may not hold them), shown in the
// change's confirmation, each with a way to re-assign it to another member first.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '../../../core/domain/access.ts';
import { mayHoldKey } from '../../../core/domain/key-holding.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { useAction } from '../ui/use-action.ts';

type Member = Outputs['members']['list']['members'][number];
type AffectedKey = Outputs['members']['keysAffected']['api_keys'][number];

/** role null: what removing the member revokes. */
export function affectedKeysQuery(member: Member, role: Role | null) {
  return trpc.members.keysAffected.queryOptions({ id: member.id, ...(role === null ? {} : { role }) });
}

export function AffectedKeys({ member, role, members }: { member: Member; role: Role | null; members: readonly Member[] }) {
  const { t } = useTranslation(['people', 'codes']);
  const affected = useQuery(affectedKeysQuery(member, role));
  return (
    <QueryState query={affected} label={t('memberKeys.looking')}>
      {(data) =>
        data.api_keys.length === 0 ? (
          <p>{t('memberKeys.noneRevoked')}</p>
        ) : (
          <div className="admin-confirm">
            <p>
              {role === null
                ? t('memberKeys.removalRevokes', { count: data.api_keys.length, email: member.email })
                : t('memberKeys.roleRevokes', { count: data.api_keys.length, email: member.email, role: t(`codes:${role}`) })}
            </p>
            <ul aria-label={t('memberKeys.listName', { email: member.email })}>
              {data.api_keys.map((k) => (
                <li key={k.id}>
                  <strong>{k.name}</strong> <code className="admin-code">{k.redacted}</code> {t(`codes:${k.mode}`)},{' '}
                  <span className="admin-code-list">{k.scopes.join(', ')}</span>
                  <Reassign apiKey={k} candidates={members.filter((m) => m.id !== member.id && mayHoldKey(m.role, k))} />
                </li>
              ))}
            </ul>
          </div>
        )
      }
    </QueryState>
  );
}

/** Members whose role may hold the key are offered; the service checks it again. */
function Reassign({ apiKey, candidates }: { apiKey: AffectedKey; candidates: readonly Member[] }) {
  const { t } = useTranslation(['people', 'codes']);
  const [to, setTo] = useState(candidates[0]?.id ?? '');
  const reassign = useAction(trpc.apiKeys.reassign.mutationOptions(), {
    invalidates: [trpc.members.keysAffected.pathKey(), trpc.apiKeys.pathKey()],
  });
  if (candidates.length === 0) return <span className="admin-subline">{t('memberKeys.noHolder')}</span>;
  return (
    <div className="admin-inline-form">
      <Field label={t('memberKeys.newHolder', { name: apiKey.name })} className="admin-compact-field">
        {(c) => (
          <select {...c} value={to} onChange={(e) => setTo(e.target.value)}>
            {candidates.map((m) => (
              <option key={m.id} value={m.id}>
                {t('memberKeys.holder', { email: m.email, role: t(`codes:${m.role}`) })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="button" className="button button-secondary" disabled={!to || reassign.isPending} onClick={() => reassign.run({ id: apiKey.id, member_id: to })}>
        {t('memberKeys.reassign', { name: apiKey.name })}
      </button>
      {reassign.error && <ErrorAlert error={reassign.error} title={t('memberKeys.notReassigned')} />}
    </div>
  );
}
