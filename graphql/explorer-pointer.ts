// GET /graphql from a browser, with no query: a short page that points to the dashboard's explorer, where a
// signed-in member reads the schema's docs and runs queries. Every other request goes on to GraphQL unchanged.
import type { Request, RequestHandler } from 'express';

/** The dashboard's page of the explorer (hash routing: the server serves only `/`). */
export const EXPLORER_PATH = '/#/explorer';

const POINTER = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Ujumbe GraphQL</title></head>
<body>
<h1>Ujumbe reporting over GraphQL</h1>
<p>This address answers GraphQL queries sent with <code>POST</code> (or <code>GET ?query=</code>), with an API key or a member's session.</p>
<p>To explore the schema and its documentation, sign in to the dashboard and open <a href="${EXPLORER_PATH}">the GraphQL explorer</a>.</p>
</body>
</html>
`;

/**
 * A browser's visit: no query, and HTML preferred to every GraphQL answer type. An API client asks for JSON, or for
 * anything at all (which picks JSON first), and still gets GraphQL's own answer.
 */
function isBrowserVisit(req: Request): boolean {
  if (req.query['query'] !== undefined) return false;
  return req.accepts(['application/graphql-response+json', 'application/json', 'text/html']) === 'text/html';
}

export const explorerPointer: RequestHandler = (req, res, next) => {
  if (!isBrowserVisit(req)) {
    next();
    return;
  }
  res.type('html').send(POINTER);
};
