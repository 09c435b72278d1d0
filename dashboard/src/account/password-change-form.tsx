// Changing one's own password: the current one and a new one; the member's other sessions end, this one goes on.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZChangePasswordBody } from '../../../core/inputs/auth.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useRefusalWords } from './refusal-words.ts';

const EMPTY = { current_password: '', new_password: '' };

export function PasswordChangeForm() {
  const { t } = useTranslation('account');
  const say = useRefusalWords();
  const [ended, setEnded] = useState<number | null>(null);
  const form = useSchemaForm({ schema: ZChangePasswordBody, defaultValues: EMPTY, toInput: (v: typeof EMPTY) => v });
  const change = useAction(trpc.auth.changePassword.mutationOptions(), {
    onSuccess: ({ other_sessions_ended }) => {
      form.reset(EMPTY);
      setEnded(other_sessions_ended);
    },
  });
  const general = useServerRefusal(form, change.error, ['current_password', 'new_password']);
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setEnded(null);
    change.run(input);
  });
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="change-password-heading">
      {ended !== null && (
        <p className="alert alert-success" role="status">
          {ended === 0 ? t('changePassword.doneAlone') : t('changePassword.done', { count: ended })}
        </p>
      )}
      <Field label={t('changePassword.current')} error={say.field(errors.current_password, 'current', change.error)}>
        {(c) => <input {...c} {...form.register('current_password')} type="password" autoComplete="current-password" />}
      </Field>
      <Field label={t('changePassword.new')} hint={t('changePassword.newHint')} error={say.field(errors.new_password, 'password', change.error)}>
        {(c) => <input {...c} {...form.register('new_password')} type="password" autoComplete="new-password" />}
      </Field>
      {general !== null && <ErrorAlert error={say.alert(general)} />}
      <div>
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? t('changePassword.submitting') : t('changePassword.submit')}
        </button>
      </div>
    </form>
  );
}
