// The SMPP client against the SMSC simulator over real TCP on loopback: outcomes, receipts, parts, flow control, failures.
import { afterEach, describe, expect, it } from 'vitest';
import { providerIdCandidates } from '../../core/domain/delivery-receipt.ts';
import { decodeForSmpp, stripUdh } from '../../core/domain/sms-encoding.ts';
import { closeHarnesses, harness, sleep, sms, waitFor } from '../support/smpp.ts';

afterEach(closeHarnesses);

function sameMessage(a: string, b: string): boolean {
  const candidates = new Set(providerIdCandidates(a));
  return providerIdCandidates(b).some((c) => candidates.has(c));
}

function accepted(outcome: { kind: string; providerIds?: string[] }): string[] {
  if (outcome.kind !== 'accepted' || !outcome.providerIds) throw new Error(`expected accepted, got ${JSON.stringify(outcome)}`);
  return outcome.providerIds;
}

describe('outcomes by the last two digits', () => {
  it('accepts a normal number with one id, then a DELIVRD receipt naming it', async () => {
    const h = await harness();
    const [id, ...more] = accepted(await h.provider.submit(sms('+255754123400')));
    expect(more).toEqual([]);
    expect(h.submits[0]).toMatchObject({ destinationAddr: '255754123400', sourceAddr: 'UJUMBE', outcome: 'delivered' });
    await waitFor(() => h.receipts.length > 0);
    expect(h.receipts[0]).toMatchObject({ rawStatus: 'DELIVRD', effect: 'delivered' });
    expect(sameMessage(h.receipts[0]?.providerId ?? '', id ?? '')).toBe(true);
  });

  it('91: refused with ESME_RSUBMITFAIL', async () => {
    const h = await harness();
    expect(await h.provider.submit(sms('+255754123491'))).toMatchObject({ kind: 'refused', commandStatus: 0x45 });
  });

  it('92: accepted, then an UNDELIV receipt', async () => {
    const h = await harness();
    const [id] = accepted(await h.provider.submit(sms('+255754123492')));
    await waitFor(() => h.receipts.length > 0);
    expect(h.receipts[0]).toMatchObject({ rawStatus: 'UNDELIV', effect: 'undelivered' });
    expect(sameMessage(h.receipts[0]?.providerId ?? '', id ?? '')).toBe(true);
  });

  it('93: ambiguous once our own timer runs out', async () => {
    const h = await harness({}, { submitTimeoutMs: 300 });
    const started = performance.now();
    const outcome = await h.provider.submit(sms('+255754123493'));
    expect(outcome).toMatchObject({ kind: 'ambiguous' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('95: accepted and no receipt within a second', async () => {
    const h = await harness();
    accepted(await h.provider.submit(sms('+255754123495')));
    await sleep(1000);
    expect(h.receipts).toEqual([]);
  });

  it('96: the DELIVRD receipt comes twice', async () => {
    const h = await harness();
    const [id] = accepted(await h.provider.submit(sms('+255754123496')));
    await waitFor(() => h.receipts.length >= 2);
    expect(h.receipts.map((r) => [r.rawStatus, sameMessage(r.providerId, id ?? '')])).toEqual([['DELIVRD', true], ['DELIVRD', true]]);
  });
});

describe('long messages', () => {
  const reassembled = (h: Awaited<ReturnType<typeof harness>>) =>
    h.submits.map((s) => decodeForSmpp(stripUdh(s.shortMessage, s.esmClass).payload, s.dataCoding)).join('');

  it('sends a 3-part GSM-7 message as three submits that concatenate to the body', async () => {
    const h = await harness();
    const body = 'Habari za asubuhi, karibu Ujumbe [€] '.repeat(11);
    const ids = accepted(await h.provider.submit(sms('+255754123400', body)));
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(h.submits.map((s) => [s.dataCoding, s.esmClass & 0x40])).toEqual([[0, 0x40], [0, 0x40], [0, 0x40]]);
    expect(reassembled(h)).toBe(body);
    await waitFor(() => h.receipts.length === 3);
  });

  it('sends a 2-part UCS-2 message as two submits that concatenate to the body', async () => {
    const h = await harness();
    const body = 'Asante sana ŵ😀 '.repeat(7);
    expect(accepted(await h.provider.submit(sms('+255754123400', body, 'ucs2')))).toHaveLength(2);
    expect(h.submits.map((s) => s.dataCoding)).toEqual([8, 8]);
    expect(reassembled(h)).toBe(body);
  });

  it('reports which part was refused', async () => {
    const h = await harness({}, {});
    const outcome = await h.provider.submit(sms('+255754123491', 'x'.repeat(200)));
    expect(outcome).toMatchObject({ kind: 'refused', reason: expect.stringContaining('part 1 of 2') });
    expect(h.submits).toHaveLength(1);
  });
});

describe('flow control', () => {
  it('never has more than `window` submit_sm outstanding', async () => {
    const h = await harness({ responseDelayMs: 100 }, { window: 2 });
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => h.provider.submit(sms(`+2557541234${10 + i}`))));
    expect(outcomes.every((o) => o.kind === 'accepted')).toBe(true);
    expect(h.sim.stats().maxOutstanding).toBe(2);
  });

  it('keeps to the TPS cap', async () => {
    const h = await harness({}, { tps: 20, window: 100 });
    const started = performance.now();
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => h.provider.submit(sms(`+2557541234${10 + i}`))));
    expect(outcomes.every((o) => o.kind === 'accepted')).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it('pauses and resends a throttled part until it goes through', async () => {
    const h = await harness({ throttleFirst: 2 });
    const started = performance.now();
    accepted(await h.provider.submit(sms('+255754123400')));
    // Paused 1 s, then 2 s: the pause doubles while the SMSC keeps throttling.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2500);
    expect(h.submits.map((s) => s.outcome)).toEqual(['throttled', 'throttled', 'delivered']);
  });

  it('gives up on a part throttled after five resends', async () => {
    const h = await harness({ throttleFirst: 100 }, { timing: { throttleInitialMs: 10, throttleMaxMs: 40 } });
    expect(await h.provider.submit(sms('+255754123400'))).toMatchObject({ kind: 'refused', commandStatus: 0x58 });
    expect(h.submits).toHaveLength(6);
  });
});

describe('connection failures', () => {
  it('turns the submits pending at a disconnect ambiguous, reconnects and sends later ones', async () => {
    const h = await harness({}, { submitTimeoutMs: 5000 });
    const started = performance.now();
    const pending = [h.provider.submit(sms('+255754123493')), h.provider.submit(sms('+255754120093'))];
    await waitFor(() => h.sim.stats().submits === 2);
    h.sim.dropConnections();
    const outcomes = await Promise.all(pending);
    expect(outcomes.map((o) => o.kind)).toEqual(['ambiguous', 'ambiguous']);
    expect(performance.now() - started).toBeLessThan(3000);
    accepted(await h.provider.submit(sms('+255754123400')));
    expect(h.sim.stats().binds).toBe(2);
  });

  it('delivers a receipt whose session dropped on the session that replaces it', async () => {
    const h = await harness({ dlrDelayMs: 600 });
    const [id] = accepted(await h.provider.submit(sms('+255754123400')));
    h.sim.dropConnections();
    await waitFor(() => h.receipts.length > 0);
    expect(sameMessage(h.receipts[0]?.providerId ?? '', id ?? '')).toBe(true);
  });

  it('close() turns pending parts ambiguous and later submits not connected', async () => {
    const h = await harness({}, { submitTimeoutMs: 5000 });
    const pending = h.provider.submit(sms('+255754123493'));
    await waitFor(() => h.sim.stats().submits === 1);
    await h.provider.close();
    expect(await pending).toMatchObject({ kind: 'ambiguous' });
    expect(await h.provider.submit(sms('+255754123400'))).toMatchObject({ kind: 'unsent' });
  });

  it('keeps retrying a refused bind, reporting submits as not connected, without crashing', async () => {
    const h = await harness({}, { password: 'wrong', submitTimeoutMs: 300 });
    await waitFor(() => h.sim.stats().bindFailures >= 3);
    const outcome = await h.provider.submit(sms('+255754123400'));
    expect(outcome).toEqual({ kind: 'unsent', reason: 'not connected to the SMSC' });
    expect(h.submits).toEqual([]);
    expect(h.warnings).toContain('SMPP bind refused');
  });
});
