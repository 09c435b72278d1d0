// Messages from handsets over real SMPP (the SMSC simulator and our client on loopback) into this file's PostgreSQL:
// stored for the owner of the number they were sent to (or kept for nobody), long ones joined from their parts (UDH
// with 8- and 16-bit references, SAR, in any order, a part twice), and acknowledged only once stored.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InboundPart } from '../../core/app/messages/provider.ts';
import type { SimulatedInbound } from '../../workers/providers/smsc-simulator.ts';
import { assignInboundNumber } from '../../core/app/inbound/inbound-numbers.ts';
import { receiveInboundPart } from '../../core/app/inbound/receive-inbound-part.ts';
import { LONELY_PARTS_AFTER_MS, storeLonelyParts } from '../../core/app/inbound/store-lonely-parts.ts';
import { listenInbound } from '../../workers/inbound-receiver.ts';
import { closeHarnesses, harness, sleep, type Harness } from '../support/smpp.ts';
import { createOrg, operator, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let org: OrgFixture;

interface Stored {
  organization_id: string | null;
  from_phone: string;
  to_number: string;
  body: string;
  encoding: string;
  parts: number;
  smsc_message_ref: string | null;
  incomplete: boolean;
}

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { keys: {} });
  await assignInboundNumber(await env.ctx(), operator, { organizationId: org.id, number: '15500' });
}, 60_000);

afterEach(async () => {
  await closeHarnesses();
});

/** A simulator and a client whose inbound messages go to the database, with what the simulator reported. */
async function receiving(): Promise<Harness & { reports: SimulatedInbound[] }> {
  const reports: SimulatedInbound[] = [];
  const h = await harness({ onInbound: (r) => reports.push(r) });
  listenInbound(env.deps, h.provider, null);
  return { ...h, reports };
}

async function storedByRef(ref: string): Promise<Stored[]> {
  return env.sql<Stored>('select organization_id, from_phone, to_number, body, encoding, parts, smsc_message_ref, incomplete from inbound_messages where smsc_message_ref = ?', [ref]);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await sleep(30);
  }
}

const acknowledged = (h: { reports: SimulatedInbound[] }, ref: string) => h.reports.filter((r) => r.smscMessageRef === ref && r.acknowledged).length;
/** Parts still waiting, of the messages that came on one SMSC link. */
const partsLeft = async (smsc: string) => (await env.sql<{ n: number }>('select count(*)::int as n from inbound_message_parts where smsc = ?', [smsc]))[0]!.n;

describe('a message of one part', () => {
  it('is stored for the organization that owns its short code, then acknowledged', async () => {
    const h = await receiving();
    const { smscMessageRef } = h.sim.sendInbound({ from: '0754123456', to: '15500', text: 'Habari, nataka bei ya mchele' });
    const [row] = await until(() => storedByRef(smscMessageRef), (r) => r.length === 1, 'the message stored');
    expect(row).toEqual({
      organization_id: org.id, from_phone: '+255754123456', to_number: '15500', body: 'Habari, nataka bei ya mchele',
      encoding: 'gsm7', parts: 1, smsc_message_ref: smscMessageRef, incomplete: false,
    });
    await until(async () => acknowledged(h, smscMessageRef), (n) => n === 1, 'the deliver_sm acknowledged');
  });

  it('to a number nobody owns is kept with no organization', async () => {
    const h = await receiving();
    const { smscMessageRef } = h.sim.sendInbound({ from: '+255754000111', to: '15599', text: 'Hello?' });
    const [row] = await until(() => storedByRef(smscMessageRef), (r) => r.length === 1, 'the message stored');
    expect(row).toMatchObject({ organization_id: null, to_number: '15599', from_phone: '+255754000111', body: 'Hello?' });
  });

  it('in the message_payload TLV, a long text in one deliver_sm, is stored whole', async () => {
    const h = await receiving();
    const text = 'Nimepokea mzigo wangu, asanteni sana. '.repeat(8).trim();
    const { smscMessageRef, parts } = h.sim.sendInbound({ from: '0754123456', to: '15500', text, payloadTlv: true });
    expect(parts).toBe(1);
    const [row] = await until(() => storedByRef(smscMessageRef), (r) => r.length === 1, 'the message stored');
    expect(row).toMatchObject({ body: text, parts: 1, organization_id: org.id });
  });
});

// Kiswahili in UCS-2 (an emoji forces it), cut in three parts of ten code units: the emoji's surrogate pair is split
// between the first part and the second.
const UCS2_TEXT = 'Habari ya' + '\u{1F600}' + 'asubuhi rafiki mpya';

function surrogateSplit(reports: SimulatedInbound[], ref: string): boolean {
  const first = reports.find((r) => r.smscMessageRef === ref && r.seq === 1)!;
  const bytes = first.shortMessage;
  const lastUnit = (bytes[bytes.length - 2]! << 8) | bytes[bytes.length - 1]!;
  return lastUnit >= 0xd800 && lastUnit <= 0xdbff;
}

describe('a long message', () => {
  it.each([
    ['UDH with an 8-bit reference', { concat: 'udh' as const, ref: 0x42 }],
    ['UDH with a 16-bit reference', { concat: 'udh' as const, ref: 0x1234 }],
    ['the SAR TLVs', { concat: 'sar' as const, ref: 0x4321 }],
  ])('in three parts by %s is joined, decoded once (an emoji split across parts) and stored once', async (_name, how) => {
    const h = await receiving();
    const { smscMessageRef, parts } = h.sim.sendInbound({ from: '0754123456', to: '15500', text: UCS2_TEXT, parts: 3, ...how });
    expect(parts).toBe(3);
    const [row] = await until(() => storedByRef(smscMessageRef), (r) => r.length === 1, 'the message stored');
    expect(row).toMatchObject({ body: UCS2_TEXT, encoding: 'ucs2', parts: 3, organization_id: org.id });
    expect(surrogateSplit(h.reports, smscMessageRef)).toBe(true);
    await until(async () => acknowledged(h, smscMessageRef), (n) => n === 3, 'every part acknowledged');
    expect(await partsLeft(h.provider.smsc)).toBe(0);
  });

  it('whose parts come out of order, one of them twice, is stored once, in order', async () => {
    const h = await receiving();
    const text = 'Sehemu ya kwanza, ' + 'sehemu ya pili, ' + 'na sehemu ya tatu ya ujumbe huu mrefu.';
    const { smscMessageRef } = h.sim.sendInbound({ from: '0754123456', to: '15500', text, parts: 3, order: [3, 1, 1, 2] });
    await until(async () => acknowledged(h, smscMessageRef), (n) => n === 4, 'every deliver_sm acknowledged');
    const stored = await storedByRef(smscMessageRef);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: text, encoding: 'gsm7', parts: 3 });
    expect(await partsLeft(h.provider.smsc)).toBe(0);
  });
});

describe('acknowledged only once stored', () => {
  it('with no receiver the deliver_sm is left unacknowledged, and the SMSC sends it again at the next bind', async () => {
    const reports: SimulatedInbound[] = [];
    const h = await harness({ onInbound: (r) => reports.push(r) });
    const { smscMessageRef } = h.sim.sendInbound({ from: '0754123456', to: '15500', text: 'Mtu yeyote?' });
    await until(async () => reports.length, (n) => n >= 1, 'the deliver_sm written');
    await sleep(200);
    expect(reports.filter((r) => r.acknowledged)).toEqual([]);
    expect(await storedByRef(smscMessageRef)).toEqual([]);
    listenInbound(env.deps, h.provider, null);
    h.sim.dropConnections();
    await until(() => storedByRef(smscMessageRef), (r) => r.length === 1, 'the message stored after the next bind');
    await until(async () => reports.filter((r) => r.acknowledged).length, (n) => n === 1, 'acknowledged');
    expect(h.sim.stats().resent).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['a whole message', undefined],
    ['the last part of a long one', 2],
  ])('%s stored but not acknowledged (a handler failed) comes again at the next bind and is stored once', async (_name, parts) => {
    const h = await receiving();
    let failures = 1;
    // Another handler fails once, after the part is stored: as if the acknowledgement were lost.
    const unlisten = h.provider.onInbound(async (part: InboundPart) => {
      if (parts && part.concat?.seq !== parts) return;
      if (failures-- > 0) throw new Error('lost on the way');
    });
    const text = parts ? 'Ujumbe mrefu wa sehemu mbili kutoka kwa mteja wetu mpendwa.' : 'Ujumbe mfupi';
    const { smscMessageRef } = h.sim.sendInbound({ from: '0754123456', to: '15500', text, ...(parts ? { parts } : {}) });
    await until(() => storedByRef(smscMessageRef), (r) => r.length === 1, 'the message stored');
    await sleep(200);
    const total = parts ?? 1;
    expect(acknowledged(h, smscMessageRef)).toBe(total - 1);
    h.sim.dropConnections();
    await until(async () => acknowledged(h, smscMessageRef), (n) => n === total, 'the resend acknowledged');
    expect(await storedByRef(smscMessageRef)).toHaveLength(1);
    expect(await partsLeft(h.provider.smsc)).toBe(0);
    unlisten();
  });
});

describe('two parts at once', () => {
  it('exactly one of them joins the message, every time', async () => {
    const smsc = 'ujumbe@concurrent:2775';
    const part = (seq: number, reference: number): InboundPart => ({
      smsc, from: '255754123456', to: '15500', dataCoding: 0, payload: Uint8Array.from(Buffer.from(seq === 1 ? 'Habari ' : 'yako')),
      concat: { reference, total: 2, seq }, smscMessageRef: null,
    });
    for (let reference = 0; reference < 20; reference += 1) {
      await Promise.all([1, 2].map(async (seq) => receiveInboundPart(await env.ctx(), part(seq, reference), null)));
    }
    const rows = await env.sql<{ body: string; n: number }>('select body, count(*)::int as n from inbound_messages where smsc = ? group by body', [smsc]);
    expect(rows).toEqual([{ body: 'Habari yako', n: 20 }]);
    expect(await partsLeft(smsc)).toBe(0);
  });
});

describe('parts whose siblings never come', () => {
  it('are stored as one message marked incomplete once none came for 30 minutes, nothing lost, nothing twice', async () => {
    const h = await receiving();
    const text = 'Kwanza kipande hiki, ' + 'kisha hiki kimepotea, ' + 'na mwisho hiki.';
    const { smscMessageRef } = h.sim.sendInbound({ from: '0754123456', to: '15500', text, parts: 3, order: [1, 3] });
    await until(async () => acknowledged(h, smscMessageRef), (n) => n === 2, 'both parts acknowledged');
    const firstThird = h.reports.find((r) => r.seq === 1 && r.smscMessageRef === smscMessageRef)!.shortMessage.subarray(6);
    const lastThird = h.reports.find((r) => r.seq === 3 && r.smscMessageRef === smscMessageRef)!.shortMessage.subarray(6);
    const incomplete = () => env.sql<Stored>('select organization_id, body, parts, incomplete, smsc_message_ref from inbound_messages where incomplete and smsc = ?', [h.provider.smsc]);
    env.clock.advance(LONELY_PARTS_AFTER_MS - 60_000);
    expect(await storeLonelyParts(await env.ctx())).toBe(0);
    expect(await incomplete()).toEqual([]);
    env.clock.advance(2 * 60_000);
    expect(await storeLonelyParts(await env.ctx())).toBe(1);
    expect(await incomplete()).toEqual([
      { organization_id: org.id, body: Buffer.from(firstThird).toString('latin1') + Buffer.from(lastThird).toString('latin1'), parts: 2, incomplete: true, smsc_message_ref: null },
    ]);
    expect(await partsLeft(h.provider.smsc)).toBe(0);
    expect(await storeLonelyParts(await env.ctx())).toBe(0);
  });
});
