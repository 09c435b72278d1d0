// Which addresses an outgoing request may reach: public unicast only. The ranges are the IANA special-purpose
// registries as ipaddr.js keeps them; an IPv6 address that carries an IPv4 one (IPv4-mapped or -compatible,
// NAT64's 64:ff9b::/96, 6to4) is judged by the IPv4 address it reaches.
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/** Why an address of a range is not public, in words a member can act on; the keys are ipaddr.js' range names. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified (this-network) address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  private: 'a private address',
  reserved: 'a reserved, documentation or benchmarking address',
  benchmarking: 'a benchmarking address',
  as112: 'an AS112 sink address',
  as112v6: 'an AS112 sink address',
  amt: 'an AMT relay address',
  uniqueLocal: 'a unique-local address',
  deprecatedSiteLocal: 'a site-local address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a local-use NAT64 address',
  teredo: 'a Teredo address',
  discard: 'a discard-only address',
  segmentRouting: 'a segment-routing address',
  deprecated: 'an ORCHID address',
  deprecatedOrchid: 'an ORCHID address',
  orchid2: 'an ORCHID address',
  droneRemoteIdProtocolEntityTags: 'a drone identity tag',
};

const words = (range: string) => RANGE_WORDS[range] ?? `a special-purpose address (${range})`;

/** IANA's IPv6 address space gives global unicast 2000::/3 alone; the rest is special or reserved by the IETF. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function ipv4Of(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function ipv4Refusal(address: IPv4): string | null {
  const range = address.range();
  return range === 'unicast' ? null : words(range);
}

const MAPPED = 'an IPv4-mapped address';
const COMPATIBLE = 'an IPv4-compatible address (deprecated)';

/**
 * The IPv4 address an IPv6 address reaches, and how it carries it; null when it carries none. ipaddr.js reads the
 * text "::a.b.c.d" (IPv4-compatible) as IPv4-mapped; both are judged by their IPv4 address, so only the words
 * depend on the text.
 */
function carried(address: IPv6, text: string): { ipv4: IPv4; how: string } | null {
  const p = address.parts;
  if (address.isIPv4MappedAddress()) return { ipv4: address.toIPv4Address(), how: /^::\d+\./.test(text) ? COMPATIBLE : MAPPED };
  if (p.slice(0, 6).every((x) => x === 0)) return { ipv4: ipv4Of(p[6]!, p[7]!), how: COMPATIBLE };
  if (address.match(NAT64)) return { ipv4: ipv4Of(p[6]!, p[7]!), how: 'a NAT64 address' };
  if (address.range() === '6to4') return { ipv4: ipv4Of(p[1]!, p[2]!), how: 'a 6to4 address' };
  return null;
}

function ipv6Refusal(address: IPv6, text: string): string | null {
  const range = address.range();
  if (range === 'unspecified' || range === 'loopback') return words(range);
  const inner = carried(address, text);
  if (inner) {
    const refusal = ipv4Refusal(inner.ipv4);
    return refusal === null ? null : `${inner.how} of ${inner.ipv4.toString()}, ${refusal}`;
  }
  if (range !== 'unicast') return words(range);
  return address.match(GLOBAL_UNICAST) ? null : 'outside global unicast (2000::/3)';
}

function parsed(ip: string): IPv4 | IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return ipaddr.IPv4.parse(ip);
  if (ip.includes(':') && ipaddr.IPv6.isValid(ip)) return ipaddr.IPv6.parse(ip);
  return null;
}

/** Null when an outgoing request may reach this address; otherwise what it is, e.g. "a loopback address". */
export function publicAddressRefusal(ip: string): string | null {
  const address = parsed(ip);
  if (address === null) return 'not an IP address';
  return address instanceof ipaddr.IPv4 ? ipv4Refusal(address) : ipv6Refusal(address, ip);
}

export function isPublicAddress(ip: string): boolean {
  return publicAddressRefusal(ip) === null;
}

/** Loopback, also as an IPv4-mapped address: what development lets a webhook reach besides public addresses. */
export function isLoopback(ip: string): boolean {
  const address = parsed(ip);
  if (address === null) return false;
  if (address instanceof ipaddr.IPv4) return address.range() === 'loopback';
  if (address.range() === 'loopback') return true;
  const inner = carried(address, ip);
  return inner?.how === MAPPED && inner.ipv4.range() === 'loopback';
}
