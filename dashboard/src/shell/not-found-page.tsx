// An address that names no page, or a page the member's role does not open.
import { href } from '../router.ts';
import { Page } from './page.tsx';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>There is no page at this address, or your role does not open it.</p>
      <p>
        <a href={href('/')}>Go to the overview</a>
      </p>
    </Page>
  );
}
