// A member's actions in their row: a new role, or removal (their sessions end at once). The service keeps one
// owner at least and says so (last_owner), shown here.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ROLES, type Role } from '../../../core/domain/access.ts';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { humanize } from '../format/text.ts';
import { Field } from './field.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { ConfirmAction } from './confirm-action.tsx';

type Member = Outputs['members']['list']['members'][number];

// A change of one's own role changes one's own menus: who-am-I is asked again with the list.
const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
};

export function MemberActions({ member, self }: { member: Member; self: boolean }) {
  const [role, setRole] = useState<Role>(member.role);
  const update = useMutation(trpc.members.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: refresh }));
  const who = self ? 'yourself' : member.email;
  return (
    <div className="admin-row-actions">
      <div className="admin-inline-form">
        <Field label={`Role of ${member.email}`} className="admin-compact-field">
          {(c) => (
            <select {...c} value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {humanize(r)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button
          type="button"
          className="button button-secondary"
          aria-label={`Change the role of ${member.email}`}
          disabled={role === member.role || update.isPending}
          onClick={() => {
            remove.reset();
            update.mutate({ id: member.id, role });
          }}
        >
          Change role
        </button>
      </div>
      <ConfirmAction
        label="Remove"
        name={`Remove ${member.email}`}
        question={`Remove ${who}? Their sessions end at once; what they did stays in the audit log.`}
        confirmLabel="Yes, remove"
        pending={remove.isPending}
        onConfirm={() => {
          update.reset();
          remove.mutate({ id: member.id });
        }}
      />
      {update.error && <ErrorAlert error={update.error} title="The role was not changed." />}
      {remove.error && <ErrorAlert error={remove.error} title="The member was not removed." />}
    </div>
  );
}
