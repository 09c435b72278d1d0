// The one way a webhook delivery reaches the network: only addresses the rules allow, checked on the addresses
// the socket is handed (an address literal before the request; a name's every DNS answer, at connect time), so
// nothing connects to a loopback, private or special-purpose address. Redirects are never followed: node:http
// does not follow them, and a 3xx is an answer like any other (retried).
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressRefusal, type UrlRules } from '../../core/app/webhooks/endpoint-url.ts';

/** A resolver of every address of a name: node:dns' lookup, or a stand-in. */
export type Resolve = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolve: Resolve = (hostname, options, callback) => dnsLookup(hostname, options, callback);

const refusal = (what: string, why: string) => `refused, no connection made: ${what}, an address deliveries may not reach (${why})`;

/** A lookup for net.connect that answers only when every address of the name is allowed; else EADDRREFUSED. */
export function checkedLookup(rules: UrlRules, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      for (const a of addresses) {
        const why = addressRefusal(a.address, rules);
        if (why !== null) return callback(Object.assign(new Error(refusal(`${hostname} resolves to ${a.address}`, why)), { code: 'EADDRREFUSED' }), '', 4);
      }
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

// Pooled sockets are kept apart by rules: a socket opened where loopback is allowed is never reused where it is not.
const agents = new Map<string, http.Agent>();
function agentFor(secure: boolean, rules: UrlRules): http.Agent {
  const key = `${secure}:${rules.allowLoopback}`;
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true })));
  return agent;
}

export type Connection = { refused: string } | { agent: http.Agent; lookup: LookupFunction };

/**
 * How to connect to a URL: its agent and checked lookup, or the refusal of an address literal (net.connect
 * never calls a lookup for a literal, so it is checked here, before any request is made).
 */
export function publicConnection(url: URL, rules: UrlRules, resolve: Resolve = systemResolve): Connection {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    const why = addressRefusal(literal, rules);
    if (why !== null) return { refused: refusal(literal, why) };
  }
  return { agent: agentFor(url.protocol === 'https:', rules), lookup: checkedLookup(rules, resolve) };
}
