// A member's actions in their row: a new role, or removal (their sessions end at once). The service keeps one
// owner at least and says so (last_owner), shown here. A change that revokes API keys (keys follow their holder)
// asks first and lists them.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '../../../core/domain/access.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { AffectedKeys, affectedKeysQuery } from './member-keys.tsx';
import { RoleOptions, RolePermissions } from './role-permissions.tsx';
import { useAction } from '../ui/use-action.ts';

type Member = Outputs['members']['list']['members'][number];

// A change of one's own role changes one's own menus: who-am-I is asked again with the list.
const changes = () => [trpc.members.pathKey(), trpc.auth.me.queryKey()];

/** members: the others on the page, to whom a key that would be revoked may be re-assigned. */
export function MemberActions({ member, self, members }: { member: Member; self: boolean; members: readonly Member[] }) {
  const { t } = useTranslation(['people', 'codes']);
  const [role, setRole] = useState<Role>(member.role);
  const update = useAction(trpc.members.update.mutationOptions(), { invalidates: changes });
  const remove = useAction(trpc.members.remove.mutationOptions(), { invalidates: changes });
  const changing = role !== member.role;
  // Whether the chosen role revokes keys is known before the change is offered: if it does, it asks first.
  const affected = useQuery({ ...affectedKeysQuery(member, role), enabled: changing });
  const revokes = changing && (affected.data?.api_keys.length ?? 0) > 0;
  const who = self ? t('members.yourself') : member.email;
  const changeRole = () => {
    remove.reset();
    update.run({ id: member.id, role });
  };
  return (
    <div className="admin-row-actions">
      <div className="admin-inline-form">
        {/* The role chosen, before it is given: what it may do, from the table the server enforces. */}
        <Field label={t('memberActions.roleOf', { email: member.email })} className="admin-compact-field" hint={changing ? <RolePermissions role={role} /> : undefined}>
          {(c) => (
            <select {...c} value={role} onChange={(e) => setRole(e.target.value as Role)}>
              <RoleOptions />
            </select>
          )}
        </Field>
        {revokes ? (
          <ConfirmAction
            label={t('memberActions.changeRole')}
            name={t('memberActions.changeRoleOf', { email: member.email })}
            question={t('memberActions.makeRole', { who, role: t(`codes:${role}`) })}
            details={<AffectedKeys member={member} role={role} members={members} />}
            confirmLabel={t('memberActions.confirmRole')}
            cancelLabel={t('cancel')}
            pending={update.isPending}
            onConfirm={changeRole}
          />
        ) : (
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('memberActions.changeRoleOf', { email: member.email })}
            disabled={!changing || update.isPending || affected.isPending}
            onClick={changeRole}
          >
            {t('memberActions.changeRole')}
          </button>
        )}
      </div>
      <ConfirmAction
        label={t('memberActions.remove')}
        name={t('memberActions.removeWho', { email: member.email })}
        question={t('memberActions.removeQuestion', { who })}
        details={<AffectedKeys member={member} role={null} members={members} />}
        confirmLabel={t('memberActions.confirmRemove')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        onConfirm={() => {
          update.reset();
          remove.run({ id: member.id });
        }}
      />
      {update.error && <ErrorAlert error={update.error} title={t('memberActions.roleNotChanged')} />}
      {remove.error && <ErrorAlert error={remove.error} title={t('memberActions.notRemoved')} />}
    </div>
  );
}
