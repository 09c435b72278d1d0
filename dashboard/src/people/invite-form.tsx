// Inviting a member by link: an address, a role (its permissions shown as it is chosen) and a suggested name. No
// password is typed: the invitee chooses one. The link is in the answer alone, shown here once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../core/domain/access.ts';
import { ZInviteMemberBody } from '../../../core/inputs/members.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { formatDateTime } from '../format/time.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { SecretOnce } from '../ui/secret-once.tsx';
import { useRefusalWords } from '../account/refusal-words.ts';
import { RoleOptions, RolePermissions } from './role-permissions.tsx';

type Invited = Outputs['members']['invite'];

interface InviteValues {
  email: string;
  name: string;
  role: Role;
}

const EMPTY: InviteValues = { email: '', name: '', role: 'developer' };

export function InviteForm() {
  const { t } = useTranslation(['people', 'codes']);
  const say = useRefusalWords();
  const [invited, setInvited] = useState<Invited | null>(null);
  const form = useSchemaForm({
    schema: ZInviteMemberBody,
    defaultValues: EMPTY,
    toInput: ({ email, name, role }: InviteValues) => ({ email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) }),
  });
  const invite = useAction(trpc.members.invite.mutationOptions(), {
    invalidates: [trpc.members.pathKey()],
    onSuccess: (answer) => {
      form.reset(EMPTY);
      setInvited(answer);
    },
  });
  const general = useServerRefusal(form, invite.error, ['email', 'name', 'role']);
  const { errors } = form.formState;
  const role = form.watch('role');
  const submit = form.handleSubmit((input) => {
    setInvited(null);
    invite.run(input);
  });

  return (
    <>
      {invited && (
        <SecretOnce title={t('invite.sentTitle', { email: invited.invitation.email })} label={t('invite.linkLabel')} secret={invited.link} onDone={() => setInvited(null)}>
          <p>{invited.mailed ? t('invite.mailed', { email: invited.invitation.email }) : t('invite.notMailed', { email: invited.invitation.email })}</p>
          <p>{t('invite.works', { at: formatDateTime(invited.invitation.expires_at), role: t(`codes:${invited.invitation.role}`) })}</p>
        </SecretOnce>
      )}
      <form className="form" onSubmit={submit} noValidate aria-label={t('invite.form')}>
        <Field label={t('invite.email')} error={say.field(errors.email, 'email', invite.error)}>
          {(c) => <input {...c} {...form.register('email')} type="email" autoComplete="off" />}
        </Field>
        <Field label={t('invite.name')} hint={t('invite.nameHint')} error={say.field(errors.name, 'name', invite.error)}>
          {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
        </Field>
        <Field label={t('invite.role')} error={errors.role?.message} hint={<RoleHint role={role} />}>
          {(c) => (
            <select {...c} {...form.register('role')}>
              <RoleOptions />
            </select>
          )}
        </Field>
        {general !== null && <ErrorAlert error={say.alert(general)} />}
        <div>
          <button type="submit" className="button" disabled={invite.isPending}>
            {invite.isPending ? t('invite.submitting') : t('invite.submit')}
          </button>
        </div>
      </form>
    </>
  );
}

function RoleHint({ role }: { role: Role }) {
  const { t } = useTranslation('people');
  return (
    <>
      <RolePermissions role={role} />
      {t('invite.roleHint')}
    </>
  );
}
