// Webhook rules without I/O: the Standard Webhooks signature (known answer), the retry schedule with its
// jitter and Retry-After, and the addresses a delivery may reach outside development.
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextAttemptAt, outcomeOf, RETRY_DELAYS_MS, retryAfterMs } from '../../core/domain/webhooks.ts';
import { isLoopback, isPublicAddress } from '../../core/domain/public-address.ts';
import { secretKey, secretOf, sign, signatureHeader, verifies } from '../../core/app/webhooks/signature.ts';

describe('signature', () => {
  it('signs the Standard Webhooks known answer', () => {
    expect(sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('sends one signature per secret in use, and each verifies on its own', () => {
    const [a, b] = [secretOf(Buffer.alloc(32, 1)), secretOf(Buffer.alloc(24, 2))];
    const header = signatureHeader([b, a], 'msg_1', 10, '{}');
    expect(header.split(' ')).toHaveLength(2);
    expect(verifies(a, header, 'msg_1', 10, '{}')).toBe(true);
    expect(verifies(b, header, 'msg_1', 10, '{}')).toBe(true);
    expect(verifies(a, header, 'msg_1', 11, '{}')).toBe(false);
    expect(verifies(secretOf(Buffer.alloc(32, 3)), header, 'msg_1', 10, '{}')).toBe(false);
  });

  it('secrets are whsec_ and the base64 of 24 to 64 bytes', () => {
    expect(secretKey(secretOf(Buffer.alloc(64, 7)))).toEqual(Buffer.alloc(64, 7));
    expect(() => secretOf(Buffer.alloc(23))).toThrow();
    expect(() => secretOf(Buffer.alloc(65))).toThrow();
    expect(() => secretKey('sk_abc')).toThrow();
  });
});

describe('retry schedule', () => {
  const now = new Date('2027-01-01T00:00:00Z');
  const waits = (random: number) => Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => nextAttemptAt(now, i + 1, random)!.getTime() - now.getTime());

  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up after the eighth attempt', () => {
    expect(waits(0.5)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextAttemptAt(now, MAX_ATTEMPTS, 0.5)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it('moves each wait by at most a tenth either way', () => {
    waits(0).forEach((w, i) => expect(w).toBe(Math.round(RETRY_DELAYS_MS[i]! * 0.9)));
    waits(0.999999).forEach((w, i) => expect(w).toBeLessThanOrEqual(Math.round(RETRY_DELAYS_MS[i]! * 1.1)));
  });

  it('honours a longer Retry-After, never a shorter one, and caps it at the longest wait', () => {
    expect(nextAttemptAt(now, 1, 0.5, 120_000)!.getTime() - now.getTime()).toBe(120_000);
    expect(nextAttemptAt(now, 2, 0.5, 1_000)!.getTime() - now.getTime()).toBe(300_000);
    expect(nextAttemptAt(now, 1, 0.5, 10 * 86_400_000)!.getTime() - now.getTime()).toBe(36_000_000);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Fri, 01 Jan 2027 00:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it('only 2xx delivers; 410 is gone; everything else is retried', () => {
    expect([200, 204, 299].map(outcomeOf)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(outcomeOf(410)).toBe('gone');
    expect([301, 400, 404, 429, 500, 503].map(outcomeOf).every((o) => o === 'retry')).toBe(true);
  });
});

describe('addresses a delivery may reach', () => {
  it.each([
    '127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254',
    '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    '::ffff:169.254.169.254', '64:ff9b::a00:1', 'not-an-ip',
  ])('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(['41.59.1.1', '8.8.8.8', '100.63.255.255', '100.128.0.1', '172.32.0.1', '2c0f:fe38::1', '2001:4860:4860::8888', '::ffff:41.59.1.1'])(
    'allows %s',
    (ip) => expect(isPublicAddress(ip)).toBe(true),
  );

  it('knows loopback for development', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '41.59.1.1'].some(isLoopback)).toBe(false);
  });
});
