// Adding a member: email, name, role, and the initial password they sign in with.
import { useState, type FormEvent } from 'react';
import { ROLES, type Role } from '../../../core/domain/access.ts';
import { trpc, type Outputs } from '../trpc.ts';
import { humanize } from '../format/text.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { useAction } from '../ui/use-action.ts';

type Added = Outputs['members']['create']['member'];

const FIELDS = ['email', 'name', 'role', 'password'];
const EMPTY = { email: '', name: '', role: 'developer' as Role, password: '' };

export function MemberForm() {
  const [form, setForm] = useState(EMPTY);
  const [added, setAdded] = useState<Added | null>(null);
  const create = useAction(trpc.members.create.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.members.pathKey()],
    onSuccess: ({ member }) => {
      setForm(EMPTY);
      setAdded(member);
    },
  });
  const errors = formErrors(create.error, FIELDS);
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    const name = form.name.trim();
    const body = { email: form.email.trim(), role: form.role, password: form.password, ...(name ? { name } : {}) };
    create.run(body);
  };

  return (
    <form className="form" onSubmit={submit} aria-label="Add a member">
      {added && (
        <p className="alert alert-success" role="status">
          {added.email} was added as {humanize(added.role)}. Give them their password privately; they sign in with their email.
        </p>
      )}
      <Field label="Email" error={errors.of('email')}>
        {(c) => <input {...c} name="email" type="email" required autoComplete="off" value={form.email} onChange={(e) => set({ email: e.target.value })} />}
      </Field>
      <Field label="Name (optional)" error={errors.of('name')}>
        {(c) => <input {...c} name="name" autoComplete="off" value={form.name} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
      <Field label="Role" error={errors.of('role')} hint="Only an owner can make another owner.">
        {(c) => (
          <select {...c} name="role" value={form.role} onChange={(e) => set({ role: e.target.value as Role })}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {humanize(r)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Initial password" error={errors.of('password')} hint="At least 12 characters, not a common one.">
        {(c) => <input {...c} name="password" type="password" required autoComplete="new-password" value={form.password} onChange={(e) => set({ password: e.target.value })} />}
      </Field>
      {errors.general !== null && <ErrorAlert error={errors.general} />}
      <div>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add member'}
        </button>
      </div>
    </form>
  );
}
