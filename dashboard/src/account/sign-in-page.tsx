// Sign in with email and password (auth.signIn sets the session and CSRF cookies), then the dashboard opens.
import { useEffect, useState, type FormEvent } from 'react';
import { queryClient, trpc } from '../trpc.ts';
import { errorField, errorMessage } from '../errors.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useAction } from '../ui/use-action.ts';

const FIELDS = ['email', 'password'];

export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useAction(trpc.auth.signIn.mutationOptions(), {
    // Who is signed in is asked again; its answer replaces this page with the dashboard.
    onSuccess: () => queryClient.resetQueries({ queryKey: trpc.auth.me.queryKey(), exact: true }),
  });
  useEffect(() => {
    document.title = 'Sign in · Ujumbe';
  }, []);

  const field = errorField(signIn.error);
  const fieldError = (name: string) => (signIn.error && field === name ? errorMessage(signIn.error) : undefined);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    signIn.run({ email, password });
  };

  return (
    <main className="sign-in">
      <div className="card sign-in-card">
        <p className="brand">Ujumbe</p>
        <h1>Sign in</h1>
        <form onSubmit={onSubmit} className="form">
          <Field label="Email" error={fieldError('email')}>
            {(control) => (
              <input {...control} name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
            )}
          </Field>
          <Field label="Password" error={fieldError('password')}>
            {(control) => (
              <input
                {...control}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          {signIn.error && !FIELDS.includes(field ?? '') && <ErrorAlert error={signIn.error} />}
          <button type="submit" className="button" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </div>
    </main>
  );
}
