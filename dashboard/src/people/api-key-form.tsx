// Creating an API key: name, mode, the scopes the member's role holds itself, and how long it lives, checked by
// the server's schema before it is sent.
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SCOPES, permissionOfScope, type Scope } from '../../../core/domain/access.ts';
import { ZCreateApiKeyBody } from '../../../core/inputs/api-keys.ts';
import { trpc, type Inputs, type Outputs } from '../trpc.ts';
import { useSession } from '../session.tsx';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { Checkboxes } from '../ui/checkboxes.tsx';

type Mode = Inputs['apiKeys']['create']['mode'];
export type CreatedKey = Outputs['apiKeys']['create'];

/** Each scope's words in the namespace (a scope added to access.ts without its words fails the type check). */
const SCOPE_WORDS = {
  'messages:send': 'scopes.messages.send',
  'messages:read': 'scopes.messages.read',
  'campaigns:read': 'scopes.campaigns.read',
  'campaigns:write': 'scopes.campaigns.write',
  'sender_ids:read': 'scopes.sender_ids.read',
  'wallet:read': 'scopes.wallet.read',
  'webhooks:read': 'scopes.webhooks.read',
} as const satisfies Record<Scope, string>;

const LIFETIMES = [30, 90, 180, 365, 730] as const;

interface KeyValues {
  name: string;
  mode: Mode;
  scopes: Scope[];
  expires_in_days: number;
}

const EMPTY: KeyValues = { name: '', mode: 'test', scopes: [], expires_in_days: 365 };

export function ApiKeyForm({ onCreated }: { onCreated: (created: CreatedKey) => void }) {
  const { t } = useTranslation('people');
  const { member, organization } = useSession();
  // A member gives a key only what the member's own role may do; the service refuses more (scope_exceeds_role).
  const allowed = SCOPES.filter((s) => member.permissions.includes(permissionOfScope(s)));
  const form = useSchemaForm({ schema: ZCreateApiKeyBody, defaultValues: EMPTY, toInput: (v: KeyValues) => ({ ...v, name: v.name.trim() }) });
  const create = useAction(trpc.apiKeys.create.mutationOptions(), {
    idempotent: true,
    invalidates: [trpc.apiKeys.pathKey()],
    onSuccess: (created) => {
      form.reset(EMPTY);
      onCreated(created);
    },
  });
  const general = useServerRefusal(form, create.error, ['name', 'mode', 'scopes', 'expires_in_days']);
  const { errors } = form.formState;

  return (
    <form className="form" onSubmit={form.handleSubmit((input) => create.run(input))} noValidate aria-label={t('keyForm.form')}>
      <Field label={t('keyForm.name')} error={errors.name?.message} hint={t('keyForm.nameHint')}>
        {(c) => <input {...c} {...form.register('name')} autoComplete="off" />}
      </Field>
      <fieldset className="field">
        <legend>{t('keyForm.mode')}</legend>
        {(['test', 'live'] as const).map((mode) => (
          <label key={mode} className="choice">
            <input type="radio" value={mode} {...form.register('mode')} />
            {mode === 'test' ? t('keyForm.testMode') : t('keyForm.liveMode')}
          </label>
        ))}
        {!organization.verified && <p className="hint">{t('keyForm.liveNeedsVerified')}</p>}
        {errors.mode && (
          <p className="field-error" role="alert">
            {errors.mode.message}
          </p>
        )}
      </fieldset>
      <Controller
        control={form.control}
        name="scopes"
        render={({ field }) => (
          <Checkboxes
            legend={t('keyForm.scopes')}
            options={allowed}
            value={field.value}
            onChange={field.onChange}
            text={(s) => (
              <>
                <code className="admin-code">{s}</code> {t(SCOPE_WORDS[s])}
              </>
            )}
            hint={t('keyForm.scopesHint')}
            error={errors.scopes?.message}
          />
        )}
      />
      <Field label={t('keyForm.expiresAfter')} error={errors.expires_in_days?.message}>
        {(c) => (
          <select {...c} {...form.register('expires_in_days', { valueAsNumber: true })}>
            {LIFETIMES.map((days) => (
              <option key={days} value={days}>
                {t('keyForm.days', { count: days })}
              </option>
            ))}
          </select>
        )}
      </Field>
      {general !== null && <ErrorAlert error={general} />}
      <div>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? t('keyForm.submitting') : t('keyForm.submit')}
        </button>
      </div>
    </form>
  );
}
