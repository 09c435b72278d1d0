// The SMS alerts the member gets (the low balance, a top-up's receipt), a checkbox each, saved as soon as it is
// ticked. They go to the verified phone only; a member without one is sent to the phone section above. A role
// that cannot read the wallet gets no alerts and is told why.
import { useTranslation, Trans } from 'react-i18next';
import { SMS_ALERTS } from '../../../core/domain/sms-alerts.ts';
import { queryClient, trpc } from '../trpc.ts';
import { useSession } from '../session.tsx';
import { useAction } from '../ui/use-action.ts';
import { Checkboxes } from '../ui/checkboxes.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { useRefusalWords } from './refusal-words.ts';

/** Brings the phone section into view and its number field under the cursor (the address is the page's own). */
function goToPhone(event: { preventDefault: () => void }) {
  event.preventDefault();
  const section = document.querySelector('section[aria-labelledby="phone-heading"]');
  section?.scrollIntoView();
  section?.querySelector('input')?.focus();
}

export function SmsAlertsSection() {
  const { t } = useTranslation('account');
  const say = useRefusalWords();
  const { sms_alerts: current, phone_verified: phoneVerified } = useSession();
  const save = useAction(trpc.auth.setSmsAlerts.mutationOptions(), {
    // auth.me says the new choice at once: the page reads it from there.
    onSuccess: ({ sms_alerts }) => queryClient.setQueryData(trpc.auth.me.queryKey(), (me) => me && { ...me, sms_alerts }),
  });
  if (!current.may_choose) return <p>{t('smsAlerts.notForRole')}</p>;
  return (
    <>
      <p>{t('smsAlerts.lead')}</p>
      {!phoneVerified && (
        <p role="status">
          <Trans t={t} i18nKey="smsAlerts.noPhone" components={{ phone: <a href="#phone-heading" onClick={goToPhone} /> }} />
        </p>
      )}
      <Checkboxes
        legend={t('smsAlerts.legend')}
        options={SMS_ALERTS}
        value={current.alerts}
        onChange={(alerts) => save.run({ alerts })}
        text={(alert) => t(`smsAlerts.alerts.${alert}`)}
        disabled={save.isPending}
      />
      {save.isError && <ErrorAlert error={say.alert(save.error)} />}
    </>
  );
}
