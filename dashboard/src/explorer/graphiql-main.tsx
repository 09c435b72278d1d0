// GraphiQL's document (/graphiql, framed by the explorer's page): the editor on /graphql as the signed-in member,
// the schema's docs open, queries only, everything from this site.
// Monaco's workers as files of this site, built by Vite (`?worker`): the policy's 'self' covers them.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './graphiql.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { readOnlyFetcher } from './fetcher.ts';
import { exampleQuery } from './example-query.ts';

/** The doc explorer's title in GraphiQL: its panel is open from the start where there is room beside the editor. */
const DOCS = 'Documentation Explorer';
const ROOM_FOR_DOCS_PX = 800;

// A query in the address opens in a tab of its own; otherwise the member's last tabs, or the example at first.
const given = new URLSearchParams(window.location.search).get('query');

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL
      fetcher={readOnlyFetcher}
      {...(given ? { initialQuery: given } : {})}
      defaultQuery={exampleQuery(new Date())}
      isHeadersEditorEnabled={false}
      shouldPersistHeaders={false}
      forcedTheme="light"
      visiblePlugin={window.innerWidth >= ROOM_FOR_DOCS_PX ? DOCS : undefined}
    />
  </StrictMode>,
);
