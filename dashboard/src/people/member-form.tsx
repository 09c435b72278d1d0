// Adding a member: email, name, role, and the initial password they sign in with, checked by the server's schema.
import { useState } from 'react';
import { ROLES, type Role } from '../../../core/domain/access.ts';
import { ZCreateMemberBody } from '../../../core/inputs/members.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { humanize } from '../format/text.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';

type Added = Outputs['members']['create']['member'];

interface MemberValues {
  email: string;
  name: string;
  role: Role;
  password: string;
}

const EMPTY: MemberValues = { email: '', name: '', role: 'developer', password: '' };

export function MemberForm() {
  const [added, setAdded] = useState<Added | null>(null);
  const form = useSchemaForm({
    schema: ZCreateMemberBody,
    defaultValues: EMPTY,
    toInput: ({ email, name, role, password }: MemberValues) => ({ email: email.trim(), role, password, ...(name.trim() ? { name: name.trim() } : {}) }),
  });
  const create = useAction(trpc.members.create.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.members.pathKey()],
    onSuccess: ({ member }) => {
      form.reset(EMPTY);
      setAdded(member);
    },
  });
  const general = useServerRefusal(form, create.error, ['email', 'name', 'role', 'password']);
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setAdded(null);
    create.run(input);
  });

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Add a member">
      {added && (
        <p className="alert alert-success" role="status">
          {added.email} was added as {humanize(added.role)}. Give them their password privately; they sign in with their email.
        </p>
      )}
      <Field label="Email" error={errors.email?.message}>
        {(c) => <input {...c} {...form.register('email')} type="email" autoComplete="off" />}
      </Field>
      <Field label="Name (optional)" error={errors.name?.message}>
        {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
      </Field>
      <Field label="Role" error={errors.role?.message} hint="Only an owner can make another owner.">
        {(c) => (
          <select {...c} {...form.register('role')}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {humanize(r)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Initial password" error={errors.password?.message} hint="At least 12 characters, not a common one.">
        {(c) => <input {...c} {...form.register('password')} type="password" autoComplete="new-password" />}
      </Field>
      {general !== null && <ErrorAlert error={general} />}
      <div>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add member'}
        </button>
      </div>
    </form>
  );
}
