// The addresses an outgoing request may reach: public unicast only, by the IANA special-purpose registries, with
// an IPv6 address that carries an IPv4 one (mapped, compatible, NAT64, 6to4) judged by the IPv4 address it reaches.
import { describe, expect, it } from 'vitest';
import { isLoopback, isPublicAddress, publicAddressRefusal } from '../../core/domain/public-address.ts';

describe('public addresses', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['127.0.0.1', 'a loopback address'],
    ['127.9.9.9', 'a loopback address'],
    ['169.254.169.254', 'a link-local address'],
    ['192.0.0.1', 'reserved'],
    ['192.0.2.2', 'documentation'],
    ['198.51.100.1', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'the broadcast address'],
  ])('refuses IPv4 %s (%s)', (ip, why) => {
    expect(publicAddressRefusal(ip)).toContain(why);
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'a loopback address'],
    ['::ffff:127.0.0.1', 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
    ['::ffff:7f00:1', 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
    ['::ffff:a9fe:a9fe', 'an IPv4-mapped address of 169.254.169.254, a link-local address'],
    ['::ffff:10.0.0.1', 'an IPv4-mapped address of 10.0.0.1, a private address'],
    ['::ffff:192.0.2.2', 'an IPv4-mapped address of 192.0.2.2'],
    ['::127.0.0.1', 'an IPv4-compatible address (deprecated) of 127.0.0.1'],
    ['::7f00:1', 'an IPv4-compatible address (deprecated) of 127.0.0.1'],
    ['::a9fe:a9fe', 'an IPv4-compatible address (deprecated) of 169.254.169.254, a link-local address'],
    ['64:ff9b::7f00:1', 'a NAT64 address of 127.0.0.1, a loopback address'],
    ['64:ff9b::a00:1', 'a NAT64 address of 10.0.0.1, a private address'],
    ['64:ff9b:1::a00:1', 'a local-use NAT64 address'],
    ['64:ff9b:1::808:808', 'a local-use NAT64 address'],
    ['2002:7f00:1::', 'a 6to4 address of 127.0.0.1, a loopback address'],
    ['2002:a9fe:a9fe::1', 'a 6to4 address of 169.254.169.254, a link-local address'],
    ['2002:c000:202::1', 'a 6to4 address of 192.0.2.2'],
    ['2001::1', 'a Teredo address'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'a Teredo address'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fd00:ec2::254', 'a unique-local address'],
    ['fec0::1', 'a site-local address'],
    ['ff02::1', 'a multicast address'],
    ['ff0e::1', 'a multicast address'],
    ['100::1', 'a discard-only address'],
    ['::ffff:0:7f00:1', 'an IPv4-translated address'],
    ['5f00::1', 'a segment-routing address'],
    ['4000::1', 'outside global unicast'],
  ])('refuses IPv6 %s (%s)', (ip, why) => {
    expect(publicAddressRefusal(ip)).toContain(why);
  });

  it.each(['localhost', 'example.com', '', '1.2.3', '127.1', '0x7f.0.0.1', '2130706433', '999.1.1.1'])('refuses %j: not an IP address', (ip) => {
    expect(publicAddressRefusal(ip)).toBe('not an IP address');
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '196.41.0.1',
    '41.59.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.254',
    '2001:4860:4860::8888',
    '2c0f:fe38::1',
    '2a00:1450:4001::1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '::8.8.8.8',
    '::808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows %s', (ip) => {
    expect(publicAddressRefusal(ip)).toBeNull();
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('knows loopback (what development allows besides public addresses) only in its own and IPv4-mapped forms', () => {
    expect(['127.0.0.1', '127.5.5.5', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'].filter((ip) => !isLoopback(ip))).toEqual([]);
    expect(['10.0.0.1', '41.59.1.1', '0.0.0.0', '::', '64:ff9b::7f00:1', '2002:7f00:1::', '::127.0.0.1', '::7f00:1', 'localhost'].filter(isLoopback)).toEqual([]);
  });
});
