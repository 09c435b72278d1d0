// Sign in with email and password (auth.signIn sets the session and CSRF cookies), then the dashboard opens; a
// forgotten password is reset from here.
import { useTranslation } from 'react-i18next';
import { ZSignInBody } from '../../../core/inputs/auth.ts';
import { queryClient, trpc } from '../trpc.ts';
import { href } from '../router.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { SignedOutFrame } from './signed-out-frame.tsx';
import { useRefusalWords } from './refusal-words.ts';

interface SignInValues {
  email: string;
  password: string;
}

export function SignInPage() {
  const form = useSchemaForm({ schema: ZSignInBody, defaultValues: { email: '', password: '' }, toInput: ({ email, password }: SignInValues) => ({ email: email.trim(), password }) });
  const signIn = useAction(trpc.auth.signIn.mutationOptions(), {
    // Who is signed in is asked again; its answer replaces this page with the dashboard.
    onSuccess: () => queryClient.resetQueries({ queryKey: trpc.auth.me.queryKey(), exact: true }),
  });
  const general = useServerRefusal(form, signIn.error, ['email', 'password']);
  const { errors } = form.formState;
  const { t } = useTranslation('account');
  const say = useRefusalWords();

  return (
    <SignedOutFrame title={t('signIn')}>
      <form onSubmit={form.handleSubmit((input) => signIn.run(input))} noValidate className="form">
        <Field label={t('email')} error={say.field(errors.email, 'email', signIn.error)}>
          {(control) => <input {...control} {...form.register('email')} type="email" autoComplete="username" />}
        </Field>
        <Field label={t('password')} error={say.field(errors.password, 'current', signIn.error)}>
          {(control) => <input {...control} {...form.register('password')} type="password" autoComplete="current-password" />}
        </Field>
        {general !== null && <ErrorAlert error={say.alert(general)} />}
        <button type="submit" className="button" disabled={signIn.isPending}>
          {signIn.isPending ? t('signingIn') : t('signIn')}
        </button>
      </form>
      <p>
        <a href={href('/reset-password')}>{t('forgotPassword')}</a>
      </p>
    </SignedOutFrame>
  );
}
