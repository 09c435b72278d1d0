// A small hash router: "#/messages/ID?status=delivered" → path and query; works on any static file server.
import { useSyncExternalStore } from 'react';

export interface Location {
  path: string;
  query: URLSearchParams;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const currentHash = () => window.location.hash;

export function parseHash(hash: string): Location {
  const raw = hash.replace(/^#/, '') || '/';
  const [path = '/', search = ''] = raw.split('?', 2);
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(search) };
}

/** The current location; the component re-renders when it changes. */
export function useLocation(): Location {
  const hash = useSyncExternalStore(subscribe, currentHash);
  return parseHash(hash);
}

/** The href of a page, with the query parameters that have a value. */
export function href(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  const search = params.toString();
  return `#${path}${search ? `?${search}` : ''}`;
}

export function navigate(path: string, query: Record<string, string | undefined> = {}): void {
  window.location.hash = href(path, query);
}

/** The parameters of a path matching a pattern such as "/messages/:id", or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const actual = got[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(actual);
    else if (segment !== actual) return null;
  }
  return params;
}
