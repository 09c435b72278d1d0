// The page of an invitation's link (#/invitation/<token>): the invitee chooses a name and a password, becomes a
// member and is signed in (auth.acceptInvitation sets the session as signing in does).
import { useTranslation } from 'react-i18next';
import { ZAcceptInvitationBody } from '../../../core/inputs/auth.ts';
import { endSession, trpc } from '../trpc.ts';
import { navigate } from '../router.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useRefusalWords } from './refusal-words.ts';

interface AcceptValues {
  name: string;
  password: string;
}

/** signedIn: someone is signed in on this browser already, whom accepting replaces. */
export function InvitationForm({ token, signedIn = false }: { token: string; signedIn?: boolean }) {
  const { t } = useTranslation('account');
  const say = useRefusalWords();
  const form = useSchemaForm({
    schema: ZAcceptInvitationBody,
    defaultValues: { name: '', password: '' },
    toInput: ({ name, password }: AcceptValues) => ({ token, name: name.trim(), password }),
  });
  const accept = useAction(trpc.auth.acceptInvitation.mutationOptions(), {
    onSuccess: () => {
      navigate('/');
      // Whatever was cached belonged to whoever was signed in before: forgotten, and who is signed in asked anew.
      endSession();
    },
  });
  // A refusal of the token (used, withdrawn, expired, unknown) is about the link, not a field: an alert.
  const general = useServerRefusal(form, accept.error, ['name', 'password']);
  const { errors } = form.formState;
  // A link cut short fails the token's own check before anything is sent: it is no invitation's link.
  const cutLink = 'token' in errors;
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((input) => accept.run(input))}>
      <p>{t('invitation.lead')}</p>
      {signedIn && <p className="note">{t('invitation.signedInNote')}</p>}
      <Field label={t('invitation.name')} error={say.field(errors.name, 'name', accept.error)}>
        {(c) => <input {...c} {...form.register('name')} autoComplete="name" />}
      </Field>
      <Field label={t('invitation.password')} hint={t('invitation.passwordHint')} error={say.field(errors.password, 'password', accept.error)}>
        {(c) => <input {...c} {...form.register('password')} type="password" autoComplete="new-password" />}
      </Field>
      {cutLink && <ErrorAlert error={new Error(t('refusals.invitation_not_found'))} />}
      {general !== null && <ErrorAlert error={say.alert(general)} />}
      <button type="submit" className="button" disabled={accept.isPending}>
        {accept.isPending ? t('invitation.accepting') : t('invitation.accept')}
      </button>
    </form>
  );
}
