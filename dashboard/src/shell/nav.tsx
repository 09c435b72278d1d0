// The main navigation: the pages of the member's permissions, the current one marked (aria-current).
import { NAV_SECTIONS, ROUTES, type PageRoute } from '../routes.tsx';
import { href, useLocation } from '../router.ts';
import { useCan } from '../session.tsx';
import { useTranslation } from 'react-i18next';

function isCurrent(routePath: string, path: string): boolean {
  return routePath === '/' ? path === '/' : path === routePath || path.startsWith(`${routePath}/`);
}

function Links({ items, path }: { items: readonly PageRoute[]; path: string }) {
  const { t } = useTranslation('shell');
  return items.map((r) => (
    <li key={r.path}>
      <a href={href(r.path)} aria-current={isCurrent(r.path, path) ? 'page' : undefined}>
        {r.nav && t(`nav.${r.nav}`)}
      </a>
    </li>
  ));
}

/** The menu in its parts (messages, address book, campaigns, wallet, settings), each part named for screen readers. */
export function Nav({ id, open }: { id: string; open: boolean }) {
  const { t } = useTranslation('shell');
  const can = useCan();
  const { path } = useLocation();
  const items = ROUTES.filter((r) => r.nav && can(r.permission));
  return (
    <nav id={id} className={open ? 'main-nav open' : 'main-nav'} aria-label={t('mainMenu')}>
      <ul>
        <Links items={items.filter((r) => !r.section)} path={path} />
      </ul>
      {NAV_SECTIONS.map((section) => {
        const listed = items.filter((r) => r.section === section);
        if (listed.length === 0) return null;
        const headingId = `${id}-${section}`;
        return (
          <div key={section} className="nav-section">
            <p id={headingId} className="nav-section-name">
              {t(`sections.${section}`)}
            </p>
            <ul aria-labelledby={headingId}>
              <Links items={listed} path={path} />
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
