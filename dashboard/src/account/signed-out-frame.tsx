// The frame of the pages a visitor sees before signing in: the brand, the language menu, a card with the page.
import { useEffect, type ReactNode } from 'react';
import { BrowserLanguageSwitch } from '../i18n/language-switch.tsx';

export function SignedOutFrame({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Ujumbe`;
  }, [title]);
  return (
    <main className="sign-in">
      <div className="card sign-in-card">
        <p className="brand">Ujumbe</p>
        <BrowserLanguageSwitch />
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
