// Creating an API key: name, mode, the scopes the member's role holds itself, and how long it lives.
import { useState, type FormEvent } from 'react';
import { SCOPES, permissionOfScope, type Scope } from '../../../core/domain/access.ts';
import { trpc, type Inputs, type Outputs } from '../trpc.ts';
import { useSession } from '../session.tsx';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { Checkboxes } from '../ui/checkboxes.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { useAction } from '../ui/use-action.ts';

type Mode = Inputs['apiKeys']['create']['mode'];
export type CreatedKey = Outputs['apiKeys']['create'];

export const SCOPE_TEXT: Record<Scope, string> = {
  'messages:send': 'send messages',
  'messages:read': 'read messages',
  'campaigns:read': 'read campaigns',
  'campaigns:write': 'create and change campaigns',
  'sender_ids:read': 'read sender IDs',
  'wallet:read': 'read the wallet and its ledger',
  'webhooks:read': 'read webhook deliveries',
};

const LIFETIMES = [30, 90, 180, 365, 730] as const;
const FIELDS = ['name', 'mode', 'scopes', 'expires_in_days'];
const EMPTY = { name: '', mode: 'test' as Mode, scopes: [] as Scope[], expires_in_days: 365 };

export function ApiKeyForm({ onCreated }: { onCreated: (created: CreatedKey) => void }) {
  const { member, organization } = useSession();
  // A member gives a key only what the member's own role may do; the service refuses more (scope_exceeds_role).
  const allowed = SCOPES.filter((s) => member.permissions.includes(permissionOfScope(s)));
  const [form, setForm] = useState(EMPTY);
  const create = useAction(trpc.apiKeys.create.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.apiKeys.pathKey()],
    onSuccess: (created) => {
      setForm(EMPTY);
      onCreated(created);
    },
  });
  const errors = formErrors(create.error, FIELDS);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...form, name: form.name.trim() };
    create.run(body);
  };

  return (
    <form className="form" onSubmit={submit} aria-label="Create an API key">
      <Field label="Name" error={errors.of('name')} hint="Says where the key is used, such as “Shop backend”.">
        {(c) => <input {...c} name="name" required autoComplete="off" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} />}
      </Field>
      <fieldset className="field">
        <legend>Mode</legend>
        {(['test', 'live'] as const).map((mode) => (
          <label key={mode} className="choice">
            <input type="radio" name="mode" value={mode} checked={form.mode === mode} onChange={() => setForm((f) => ({ ...f, mode }))} />
            {mode === 'test' ? 'Test (messages are simulated, nothing is charged)' : 'Live (real messages, charged to the wallet)'}
          </label>
        ))}
        {!organization.verified && <p className="hint">Live keys can be created once the service has verified your organization.</p>}
        {errors.of('mode') && (
          <p className="field-error" role="alert">
            {errors.of('mode')}
          </p>
        )}
      </fieldset>
      <Checkboxes
        legend="Scopes"
        options={allowed}
        value={form.scopes}
        onChange={(scopes) => setForm((f) => ({ ...f, scopes }))}
        text={(s) => (
          <>
            <code className="admin-code">{s}</code> {SCOPE_TEXT[s]}
          </>
        )}
        hint="Only what your own role may do is offered."
        error={errors.of('scopes')}
      />
      <Field label="Expires after" error={errors.of('expires_in_days')}>
        {(c) => (
          <select {...c} name="expires_in_days" value={form.expires_in_days} onChange={(e) => setForm((f) => ({ ...f, expires_in_days: Number(e.target.value) }))}>
            {LIFETIMES.map((days) => (
              <option key={days} value={days}>
                {days} days
              </option>
            ))}
          </select>
        )}
      </Field>
      {errors.general !== null && <ErrorAlert error={errors.general} />}
      <div>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}
