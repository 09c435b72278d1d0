// The signed-in frame: header (organization, member, sign out), the navigation (a menu on phones) and the page.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { endSession, trpc } from '../trpc.ts';
import { useSession } from '../session.tsx';
import { useLocation } from '../router.ts';
import { useTranslation } from 'react-i18next';
import { MemberLanguageSwitch } from '../i18n/language-switch.tsx';
import { Nav } from './nav.tsx';
import { useAction } from '../ui/use-action.ts';

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['shell', 'common', 'codes']);
  const { member, organization } = useSession();
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  // Signing out ends the session on the server; whatever it answers, this page forgets the member.
  const signOut = useAction(trpc.auth.signOut.mutationOptions({ onSettled: endSession }));
  useEffect(() => setMenuOpen(false), [path]);

  return (
    <div className="app">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          // The address's hash is the page's route, so the link moves the focus itself.
          e.preventDefault();
          main.current?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      <header className="app-header">
        <div className="brand">Ujumbe</div>
        <div className="who">
          <span className="who-org">{organization.name}</span>
          <span className="who-member">
            {member.name ? `${member.name} · ` : ''}
            {member.email} ({t(`codes:${member.role}`)})
          </span>
        </div>
        <div className="header-actions">
          <MemberLanguageSwitch />
          <button type="button" className="button button-secondary menu-toggle" aria-expanded={menuOpen} aria-controls="main-nav" onClick={() => setMenuOpen((o) => !o)}>
            {t('menu')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => signOut.run()} disabled={signOut.isPending}>
            {t('signOut')}
          </button>
        </div>
      </header>
      <div className="app-body">
        <Nav id="main-nav" open={menuOpen} />
        <main id="main" ref={main} tabIndex={-1} className="app-main">
          {children}
        </main>
      </div>
    </div>
  );
}
