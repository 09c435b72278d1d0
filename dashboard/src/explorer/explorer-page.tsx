// The GraphQL explorer's page: the dashboard's frame around GraphiQL, which runs in a document of its own
// (/graphiql, from graphiql.html in this folder). GraphiQL's Monaco editor writes inline styles, which the
// dashboard's policy refuses; only that document's policy allows them, so the dashboard keeps its own.
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes.tsx';
import { Page } from '../shell/page.tsx';
import './explorer.css';

// The development server serves the page where it lies; the service serves it at /graphiql (dashboard/serve.ts).
export const GRAPHIQL_PATH = import.meta.env.DEV ? '/src/explorer/graphiql.html' : '/graphiql';

/** `?query=…` in the address (#/explorer?query=…) opens the explorer on that query: a link to a saved question. */
export function ExplorerPage({ query }: PageProps) {
  const { t } = useTranslation('explorer');
  const given = query.get('query');
  const src = given ? `${GRAPHIQL_PATH}?${new URLSearchParams({ query: given })}` : GRAPHIQL_PATH;
  return (
    <Page title={t('title')}>
      <p className="explorer-intro">{t('intro')}</p>
      <iframe className="explorer-frame" src={src} title={t('frame')} />
    </Page>
  );
}
