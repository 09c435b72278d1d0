// Where a webhook may go: https to public addresses; in development also http to loopback. The name is
// resolved when the endpoint is saved and again at every delivery, and the delivery connects to the address
// that was checked, so a name that later resolves to a private address (DNS rebinding) reaches nothing.
// What "public" means is core/domain/public-address.ts; the connection's check is workers/webhooks/public-connection.ts.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { DomainError } from '../../domain/errors.ts';
import { isLoopback, publicAddressRefusal } from '../../domain/public-address.ts';

export interface UrlRules {
  /** Development: http and https to loopback addresses are allowed too. */
  allowLoopback: boolean;
}

const refused = (message: string) => new DomainError('validation_failed', `url: ${message}`, { field: 'url' });

/** The host of a URL as an address literal when it is one (IPv6 without brackets). */
function literalHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/** Null when a delivery may connect to this address under these rules; otherwise what the address is. */
export function addressRefusal(address: string, rules: UrlRules): string | null {
  return rules.allowLoopback && isLoopback(address) ? null : publicAddressRefusal(address);
}

/** The URL's addresses, every one allowed; otherwise a refusal naming the field url. */
export async function checkEndpointUrl(raw: string, rules: UrlRules): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('must be an absolute URL.');
  }
  if (url.username || url.password) throw refused('must not hold a user name or password.');
  if (url.hash) throw refused('must not have a fragment.');
  if (url.protocol !== 'https:' && !(rules.allowLoopback && url.protocol === 'http:')) {
    throw refused(rules.allowLoopback ? 'must use https (or http to a loopback address in development).' : 'must use https.');
  }
  const addresses = await resolve(url);
  if (addresses === null) throw refused(`the host ${url.hostname} cannot be resolved.`);
  for (const address of addresses) {
    const why = addressRefusal(address, rules);
    if (why === null) continue;
    const what = literalHost(url) ? `${url.hostname} is` : `the host ${url.hostname} resolves to ${address},`;
    throw refused(`${what} ${why}; webhooks go to public addresses only${rules.allowLoopback ? ' (and loopback in development)' : ''}.`);
  }
  if (url.protocol === 'http:' && !addresses.every(isLoopback)) throw refused('must use https; http is only for a loopback address in development.');
  return url;
}

/** Every address of the URL's host; null when the name does not resolve. */
export async function resolve(url: URL): Promise<string[] | null> {
  const literal = literalHost(url);
  if (literal) return [literal];
  try {
    return (await lookup(url.hostname, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return null;
  }
}
