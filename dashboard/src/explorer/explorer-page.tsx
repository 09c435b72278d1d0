// The GraphQL explorer's page: the dashboard's frame around GraphiQL, which runs in a document of its own
// (/graphiql, from graphiql.html in this folder). GraphiQL's Monaco editor writes inline styles, which the
// dashboard's policy refuses; only that document's policy allows them, so the dashboard keeps its own.
import type { PageProps } from '../routes.tsx';
import { Page } from '../shell/page.tsx';
import './explorer.css';

// The development server serves the page where it lies; the service serves it at /graphiql (dashboard/serve.ts).
export const GRAPHIQL_PATH = import.meta.env.DEV ? '/src/explorer/graphiql.html' : '/graphiql';

/** `?query=…` in the address (#/explorer?query=…) opens the explorer on that query: a link to a saved question. */
export function ExplorerPage({ query }: PageProps) {
  const given = query.get('query');
  const src = given ? `${GRAPHIQL_PATH}?${new URLSearchParams({ query: given })}` : GRAPHIQL_PATH;
  return (
    <Page title="GraphQL explorer">
      <p className="explorer-intro">
        Ask for your organization’s messages, campaigns, reports and money in GraphQL, as an API key would at POST /graphql, with what your role may read. The
        docs beside the editor describe every field: money is in cents (100 cents = 1 TZS), report days are days in Dar es Salaam. The explorer only reads.
      </p>
      <iframe className="explorer-frame" src={src} title="GraphQL explorer: editor, results and documentation" />
    </Page>
  );
}
