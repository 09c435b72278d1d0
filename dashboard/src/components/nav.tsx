// The main navigation: the pages of the member's permissions, the current one marked (aria-current).
import { ROUTES } from '../routes.tsx';
import { href, useLocation } from '../router.ts';
import { useCan } from '../session.tsx';

function isCurrent(routePath: string, path: string): boolean {
  return routePath === '/' ? path === '/' : path === routePath || path.startsWith(`${routePath}/`);
}

export function Nav({ id, open }: { id: string; open: boolean }) {
  const can = useCan();
  const { path } = useLocation();
  const items = ROUTES.filter((r) => r.nav && can(r.permission));
  return (
    <nav id={id} className={open ? 'main-nav open' : 'main-nav'} aria-label="Main">
      <ul>
        {items.map((r) => (
          <li key={r.path}>
            <a href={href(r.path)} aria-current={isCurrent(r.path, path) ? 'page' : undefined}>
              {r.nav}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
