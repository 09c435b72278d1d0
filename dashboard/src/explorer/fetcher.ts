// How the explorer asks /graphql: as the signed-in member (the session cookie, same origin), queries only.
import type { GraphiQLProps } from 'graphiql';
import { READ_ONLY_MESSAGE, writesIn } from './read-only.ts';

export const GRAPHQL_URL = '/graphql';

export const readOnlyFetcher: GraphiQLProps['fetcher'] = async (params) => {
  if (writesIn(params.query).length > 0) return { errors: [{ message: READ_ONLY_MESSAGE }] };
  const res = await fetch(GRAPHQL_URL, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({ query: params.query, variables: params.variables, operationName: params.operationName }),
  });
  return res.json();
};
