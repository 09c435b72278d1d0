// Who is signed in decides what shows: the sign-in page, or the shell with the page of the address, in the member's
// language.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage, showLanguage } from './i18n/i18n.ts';
import { trpc } from './trpc.ts';
import { isUnauthorized } from './errors.ts';
import { SessionProvider, useCan } from './session.tsx';
import { useLocation } from './router.ts';
import { resolveRoute } from './routes.tsx';
import { SignedOutPages } from './account/signed-out-pages.tsx';
import { NotFoundPage } from './shell/not-found-page.tsx';
import { Shell } from './shell/shell.tsx';
import { ErrorAlert } from './ui/error-alert.tsx';
import { Loading } from './ui/loading.tsx';

export function App() {
  const { t } = useTranslation(['shell', 'common', 'codes']);
  const me = useQuery({ ...trpc.auth.me.queryOptions(), retry: false, staleTime: 60_000 });
  // Signed in, the member's own language wins over this browser's.
  const language = me.data?.language;
  useEffect(() => {
    if (language && language !== currentLanguage()) void showLanguage(language);
  }, [language]);
  if (me.isPending) return <Loading label={t('opening')} />;
  if (me.isError) {
    if (isUnauthorized(me.error)) return <SignedOutPages />;
    return (
      <main className="centered">
        <h1>Ujumbe</h1>
        <ErrorAlert error={me.error} />
        <button type="button" className="button" onClick={() => void me.refetch()}>
          {t('common:tryAgain')}
        </button>
      </main>
    );
  }
  return (
    <SessionProvider me={me.data}>
      <Shell>
        <CurrentPage />
      </Shell>
    </SessionProvider>
  );
}

function CurrentPage() {
  const { path, query } = useLocation();
  const can = useCan();
  const found = resolveRoute(path);
  if (!found || !can(found.route.permission)) return <NotFoundPage />;
  const { Page } = found.route;
  return <Page key={path} params={found.params} query={query} />;
}
