// The member's own mobile number: set it (a code is texted to it through Ujumbe itself), then verify it with the
// code. Only a verified number receives the codes of a password reset and the SMS alerts.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZSetPhoneBody, ZVerifyPhoneBody } from '../../../core/inputs/members.ts';
import { queryClient, trpc } from '../trpc.ts';
import { formatDateTime } from '../format/time.ts';
import { useAction } from '../ui/use-action.ts';
import { useSchemaForm, useServerRefusal } from '../ui/form.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { useRefusalWords } from './refusal-words.ts';

/** auth.me tells whether the phone is verified (the SMS alerts section reads it): a new number or a code changes that. */
function phoneChanged() {
  void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey(), exact: true });
}

export function PhoneSection() {
  const { t } = useTranslation(['account', 'common']);
  const phone = useQuery(trpc.members.phone.queryOptions());
  const [sent, setSent] = useState<{ number: string; until: string } | null>(null);
  const [verifiedNow, setVerifiedNow] = useState(false);
  return (
    <QueryState query={phone} label={t('common:loading')}>
      {({ phone: p }) => (
        <>
          <p role="status">
            {p === null ? t('phone.none') : p.verified ? t('phone.verified', { number: p.number, at: formatDateTime(p.verified_at) }) : t('phone.unverified', { number: p.number })}
          </p>
          {verifiedNow && (
            <p className="alert alert-success" role="status">
              {t('phone.verifiedNow')}
            </p>
          )}
          <SetNumber
            onSent={(s) => {
              setVerifiedNow(false);
              setSent(s);
            }}
          />
          {sent && (
            <p className="alert alert-success" role="status">
              {t('phone.sent', { number: sent.number, at: formatDateTime(sent.until) })}
            </p>
          )}
          {p !== null && !p.verified && (
            <VerifyNumber
              onVerified={() => {
                setSent(null);
                setVerifiedNow(true);
              }}
            />
          )}
        </>
      )}
    </QueryState>
  );
}

function SetNumber({ onSent }: { onSent: (sent: { number: string; until: string }) => void }) {
  const { t } = useTranslation('account');
  const say = useRefusalWords();
  const form = useSchemaForm({ schema: ZSetPhoneBody, defaultValues: { phone: '' }, toInput: ({ phone }: { phone: string }) => ({ phone: phone.trim() }) });
  const save = useAction(trpc.members.setPhone.mutationOptions(), {
    onSuccess: ({ phone, code_expires_at }) => {
      queryClient.setQueryData(trpc.members.phone.queryKey(), { phone });
      phoneChanged();
      form.reset({ phone: '' });
      if (phone) onSent({ number: phone.number, until: code_expires_at });
    },
  });
  const general = useServerRefusal(form, save.error, ['phone']);
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((input) => save.run(input))}>
      <Field label={t('phone.number')} hint={t('phone.numberHint')} error={say.field(form.formState.errors.phone, 'phone', save.error)}>
        {(c) => <input {...c} {...form.register('phone')} type="tel" autoComplete="tel" />}
      </Field>
      {general !== null && <ErrorAlert error={say.alert(general)} />}
      <div>
        <button type="submit" className="button button-secondary" disabled={save.isPending}>
          {save.isPending ? t('phone.saving') : t('phone.save')}
        </button>
      </div>
    </form>
  );
}

function VerifyNumber({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation('account');
  const say = useRefusalWords();
  const form = useSchemaForm({ schema: ZVerifyPhoneBody, defaultValues: { code: '' }, toInput: ({ code }: { code: string }) => ({ code: code.trim() }) });
  const verify = useAction(trpc.members.verifyPhone.mutationOptions(), {
    onSuccess: (answer) => {
      onVerified();
      queryClient.setQueryData(trpc.members.phone.queryKey(), answer);
      phoneChanged();
    },
  });
  const general = useServerRefusal(form, verify.error, ['code']);
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit((input) => verify.run(input))}>
      <Field label={t('phone.code')} error={say.field(form.formState.errors.code, 'code', verify.error)}>
        {(c) => <input {...c} {...form.register('code')} inputMode="numeric" autoComplete="one-time-code" />}
      </Field>
      {general !== null && <ErrorAlert error={say.alert(general)} />}
      <div>
        <button type="submit" className="button" disabled={verify.isPending}>
          {verify.isPending ? t('phone.verifying') : t('phone.verify')}
        </button>
      </div>
    </form>
  );
}
