// The signed-in member's own account: their password, their mobile number (for resets and alerts), their SMS
// alerts, their language.
import { useTranslation } from 'react-i18next';
import { Page } from '../shell/page.tsx';
import { MemberLanguageSwitch } from '../i18n/language-switch.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';
import { PhoneSection } from './phone-section.tsx';
import { SmsAlertsSection } from './sms-alerts-section.tsx';
import '../styles/admin.css';

export function AccountPage() {
  const { t } = useTranslation('account');
  return (
    <Page title={t('page.title')}>
      <p className="lead">{t('page.lead')}</p>
      <section className="card" aria-labelledby="change-password-heading">
        <h2 id="change-password-heading">{t('changePassword.heading')}</h2>
        <PasswordChangeForm />
      </section>
      <section className="card" aria-labelledby="phone-heading">
        <h2 id="phone-heading">{t('phone.heading')}</h2>
        <p>{t('phone.lead')}</p>
        <PhoneSection />
      </section>
      <section className="card" aria-labelledby="sms-alerts-heading">
        <h2 id="sms-alerts-heading">{t('smsAlerts.heading')}</h2>
        <SmsAlertsSection />
      </section>
      <section className="card" aria-labelledby="language-heading">
        <h2 id="language-heading">{t('language.heading')}</h2>
        <p>{t('language.lead')}</p>
        <MemberLanguageSwitch />
      </section>
    </Page>
  );
}
