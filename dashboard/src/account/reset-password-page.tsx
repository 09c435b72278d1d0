// A forgotten password: the member asks for a code (the answer is the same whatever the address, so the page
// cannot tell who has an account), then types the code and a new password, then signs in with it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZRequestPasswordResetBody, ZResetPasswordBody } from '../../../core/inputs/auth.ts';
import { trpc } from '../trpc.ts';
import { href } from '../router.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { SignedOutFrame } from './signed-out-frame.tsx';
import { useRefusalWords } from './refusal-words.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  return (
    <SignedOutFrame title={t('reset.title')}>
      {done ? (
        <p className="alert alert-success" role="status">
          {t('reset.done')}
        </p>
      ) : email === null ? (
        <AskCode onAsked={setEmail} />
      ) : (
        <>
          <p className="alert alert-success" role="status">
            {t('reset.requested', { email })}
          </p>
          <NewPassword email={email} onReset={() => setDone(true)} />
          <p>
            <button type="button" className="button button-secondary" onClick={() => setEmail(null)}>
              {t('reset.askAgain')}
            </button>
          </p>
        </>
      )}
      <p>
        <a href={href('/')}>{t('backToSignIn')}</a>
      </p>
    </SignedOutFrame>
  );
}

function AskCode({ onAsked }: { onAsked: (email: string) => void }) {
  const { t } = useTranslation('account');
  const say = useRefusalWords();
  const form = useSchemaForm({ schema: ZRequestPasswordResetBody, defaultValues: { email: '' }, toInput: ({ email }: { email: string }) => ({ email: email.trim() }) });
  const ask = useAction(trpc.auth.requestPasswordReset.mutationOptions(), { onSuccess: (_, input) => onAsked(input.email) });
  const general = useServerRefusal(form, ask.error, ['email']);
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((input) => ask.run(input))}>
      <p>{t('reset.lead')}</p>
      <Field label={t('email')} error={say.field(form.formState.errors.email, 'email', ask.error)}>
        {(c) => <input {...c} {...form.register('email')} type="email" autoComplete="username" />}
      </Field>
      {general !== null && <ErrorAlert error={say.alert(general)} />}
      <button type="submit" className="button" disabled={ask.isPending}>
        {ask.isPending ? t('reset.sending') : t('reset.sendCode')}
      </button>
    </form>
  );
}

interface NewPasswordValues {
  code: string;
  new_password: string;
}

function NewPassword({ email, onReset }: { email: string; onReset: () => void }) {
  const { t } = useTranslation('account');
  const say = useRefusalWords();
  const form = useSchemaForm({
    schema: ZResetPasswordBody,
    defaultValues: { code: '', new_password: '' },
    toInput: ({ code, new_password }: NewPasswordValues) => ({ email, code: code.trim(), new_password }),
  });
  const reset = useAction(trpc.auth.resetPassword.mutationOptions(), { onSuccess: onReset });
  const general = useServerRefusal(form, reset.error, ['code', 'new_password']);
  const { errors } = form.formState;
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((input) => reset.run(input))}>
      <Field label={t('reset.code')} hint={t('reset.codeHint')} error={say.field(errors.code, 'code', reset.error)}>
        {(c) => <input {...c} {...form.register('code')} inputMode="numeric" autoComplete="one-time-code" />}
      </Field>
      <Field label={t('reset.newPassword')} hint={t('reset.newPasswordHint')} error={say.field(errors.new_password, 'password', reset.error)}>
        {(c) => <input {...c} {...form.register('new_password')} type="password" autoComplete="new-password" />}
      </Field>
      {general !== null && <ErrorAlert error={say.alert(general)} />}
      <button type="submit" className="button" disabled={reset.isPending}>
        {reset.isPending ? t('reset.setting') : t('reset.setPassword')}
      </button>
    </form>
  );
}
