// The language menu: English or Kiswahili. Signed in, the choice is the member's (auth.setLanguage) and follows them
// to every device; on the sign-in page it is this browser's.
import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../core/domain/languages.ts';
import { queryClient, trpc } from '../trpc.ts';
import { currentLanguage, showLanguage } from './i18n.ts';

function Switch({ onChoose, disabled }: { onChoose: (language: Language) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className="language-switch">
      <label htmlFor={id}>{t('language')}</label>
      <select id={id} value={currentLanguage()} disabled={disabled} onChange={(e) => onChoose(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** Before signing in: this browser's language. */
export function BrowserLanguageSwitch() {
  return <Switch onChoose={(l) => void showLanguage(l)} />;
}

/** Signed in: the member's language, saved first and then shown. */
export function MemberLanguageSwitch() {
  const save = useMutation(
    trpc.auth.setLanguage.mutationOptions({
      onSuccess: ({ language }) => {
        // auth.me says the new language at once, or the app would take the old one back.
        queryClient.setQueryData(trpc.auth.me.queryKey(), (me) => me && { ...me, language });
        void showLanguage(language);
      },
    }),
  );
  return <Switch disabled={save.isPending} onChoose={(language) => save.mutate({ language })} />;
}
