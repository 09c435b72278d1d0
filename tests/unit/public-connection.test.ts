// The connect-time check of webhook deliveries, on real sockets: a name whose DNS answers hold any address the
// rules refuse never connects (a listener on 127.0.0.1 counts connections); an address literal is refused before
// any request; where loopback is allowed (development) the same listener is reached.
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedLookup, publicConnection, type Resolve } from '../../workers/webhooks/public-connection.ts';

let server: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A resolver that answers every name with these addresses, as DNS would. */
const answering = (...addresses: string[]): Resolve => (_hostname, _options, callback) =>
  callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

function connect(lookup: ReturnType<typeof checkedLookup>, autoSelectFamily: boolean): Promise<{ connected: boolean; error?: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: 'receiver.example', port, lookup, autoSelectFamily });
    socket.on('connect', () => {
      socket.destroy();
      resolve({ connected: true });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ connected: false, error }));
  });
}

const strict = { allowLoopback: false };
const development = { allowLoopback: true };

describe('the connect-time check', () => {
  it.each([
    [['127.0.0.1'], 'a loopback address'],
    [['::ffff:127.0.0.1'], 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
    [['::ffff:7f00:1'], 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
    [['8.8.8.8', '127.0.0.1'], 'a loopback address'],
    [['2001:4860:4860::8888', '::ffff:169.254.169.254'], 'a link-local address'],
    [['64:ff9b::7f00:1'], 'a NAT64 address of 127.0.0.1'],
    [['2002:7f00:1::'], 'a 6to4 address of 127.0.0.1'],
    [['::127.0.0.1'], 'an IPv4-compatible address'],
    [['192.0.2.2'], 'documentation'],
  ])('a name answering %j connects nowhere outside development: refused with the reason (%s)', async (answers, why) => {
    const before = connections;
    for (const autoSelectFamily of [true, false]) {
      const outcome = await connect(checkedLookup(strict, answering(...answers)), autoSelectFamily);
      expect(outcome.connected).toBe(false);
      expect(outcome.error?.code).toBe('EADDRREFUSED');
      expect(outcome.error?.message).toMatch(/^refused, no connection made: receiver\.example resolves to \S+, an address deliveries may not reach \(.+\)$/);
      expect(outcome.error?.message).toContain(why);
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(connections).toBe(before);
  });

  it('in development a name answering loopback reaches the listener, and only loopback is let through', async () => {
    const before = connections;
    expect(await connect(checkedLookup(development, answering('127.0.0.1')), true)).toEqual({ connected: true });
    const refused = await connect(checkedLookup(development, answering('10.0.0.1')), true);
    expect(refused.error?.message).toContain('10.0.0.1, an address deliveries may not reach (a private address)');
    await new Promise((r) => setTimeout(r, 20));
    expect(connections).toBe(before + 1);
  });

  it.each([
    'https://127.0.0.1:4413/',
    'https://[::ffff:127.0.0.1]:4413/',
    'https://[::ffff:169.254.169.254]/',
    'https://[::ffff:10.0.0.1]/',
    'https://192.0.2.2/',
    'https://198.51.100.1/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[::127.0.0.1]/',
    'https://0.0.0.0/',
    'https://2130706433/',
    'https://0x7f.1/',
  ])('refuses the literal of %s before any request', (url) => {
    const connection = publicConnection(new URL(url), strict);
    expect(connection).toEqual({ refused: expect.stringMatching(/^refused, no connection made: \S+, an address deliveries may not reach \(.+\)$/) });
  });

  it('lets a public literal and a name through to the checked lookup', () => {
    for (const url of ['https://8.8.8.8/', 'https://[2001:4860:4860::8888]/', 'https://hooks.example.com/x']) {
      expect(publicConnection(new URL(url), strict)).toMatchObject({ agent: expect.anything(), lookup: expect.any(Function) });
    }
    expect(publicConnection(new URL('http://[::ffff:127.0.0.1]:4413/'), development)).toMatchObject({ lookup: expect.any(Function) });
  });
});
