// The fault harness's checks of messages from handsets (bench/chaos/check-inbound.ts) fail on what they look for:
// planted snapshots and planted records of what the SMSC saw, checked without processes.
import { describe, expect, it } from 'vitest';
import { checkInbound, inboundWaiting } from '../../bench/chaos/check-inbound.ts';
import { createInboundLedger, type InboundLedger, type SentInbound } from '../../bench/chaos/inbound.ts';
import type { InboundRow, InboundSnapshot, OptOutRow } from '../../bench/chaos/inbound-db.ts';
import { Violations } from '../../bench/chaos/violations.ts';

const ORG = '01a50000-0000-7000-8000-000000000001';
const OTHER = '01a50000-0000-7000-8000-000000000002';
const T0 = new Date('2026-01-05T10:00:00Z').getTime();
let serial = 0;

function sent(overrides: Partial<SentInbound> = {}): SentInbound {
  serial += 1;
  return {
    organizationId: ORG, from: `+2557500${String(serial).padStart(3, '0')}20`, to: '8123451', text: `Chaos 1 in #${serial}: nipigie`, concat: 'udh', ref: 7,
    keyword: null, atMs: 0, smscMessageRef: `mo-${serial.toString(16)}`, parts: 1, ...overrides,
  };
}

function stored(m: SentInbound, overrides: Partial<InboundRow> = {}, at = 0): InboundRow {
  serial += 1;
  return {
    id: `01a50000-0000-7000-8000-${String(serial).padStart(12, '0')}`, organization_id: m.organizationId, from_phone: m.from, to_number: m.to, body: m.text,
    parts: m.parts, incomplete: false, smsc_message_ref: m.smscMessageRef, keyword: m.keyword, received_at: new Date(T0 + at), ...overrides,
  };
}

function optOut(row: InboundRow, cleared: InboundRow | null = null, overrides: Partial<OptOutRow> = {}): OptOutRow {
  return {
    id: `01a50000-0000-7000-8000-0000000f${row.id.slice(-4)}`, organization_id: row.organization_id!, phone: row.from_phone, source: 'sms_keyword',
    reason: `Opted out by SMS keyword STOP (inbound message ${row.id})`, cleared_at: cleared ? new Date(T0 + 5000) : null,
    clear_reason: cleared ? `Opted in by SMS keyword START (inbound message ${cleared.id})` : null, ...overrides,
  };
}

/** A ledger where each part of each message was written once and acknowledged once, the probe answering `probe`. */
async function ledgerOf(messages: SentInbound[], probe: 'stored' | 'not-stored' | 'none' = 'stored'): Promise<InboundLedger> {
  const ledger = createInboundLedger(async () => probe === 'stored');
  for (const m of messages) {
    ledger.expect(m);
    for (let seq = 1; seq <= m.parts; seq++) {
      ledger.onInbound({ smscMessageRef: m.smscMessageRef!, seq, total: m.parts, acknowledged: false });
      if (probe !== 'none') ledger.onInbound({ smscMessageRef: m.smscMessageRef!, seq, total: m.parts, acknowledged: true });
    }
  }
  await ledger.settled();
  return ledger;
}

async function found(messages: SentInbound[], snapshot: InboundSnapshot, probe: 'stored' | 'not-stored' | 'none' = 'stored'): Promise<string[]> {
  const v = new Violations();
  checkInbound(messages, snapshot, await ledgerOf(messages, probe), v);
  return [...v.counts.keys()].sort();
}

describe('the harness checks of messages from handsets', () => {
  it('each stored once and whole, for its number\'s owner, with its keyword\'s opt-out, passes', async () => {
    const single = sent();
    const long = sent({ parts: 3, text: 'Sehemu tatu — za ujumbe mmoja mrefu', concat: 'sar', ref: 4000 });
    const unowned = sent({ organizationId: null, to: '8123459' });
    const stop = sent({ text: 'STOP', keyword: 'opt_out' });
    const stopRow = stored(stop);
    const snapshot = { messages: [stored(single), stored(long), stored(unowned), stopRow], optOuts: [optOut(stopRow)] };
    expect(await found([single, long, unowned, stop], snapshot)).toEqual([]);
    expect(inboundWaiting([single, long], { messages: [stored(single)], optOuts: [] })).toEqual([long]);
  });

  it('lost, doubled, stored without a reference twice, stored in part, or stored though never sent', async () => {
    const m = sent({ parts: 2 });
    expect(await found([m], { messages: [], optOuts: [] }, 'none')).toEqual(['inbound-once']);
    expect(await found([m], { messages: [stored(m), stored(m)], optOuts: [] })).toEqual(['inbound-once']);
    expect(await found([m], { messages: [stored(m, { smsc_message_ref: null }), stored(m, { smsc_message_ref: null })], optOuts: [] })).toEqual(['inbound-once']);
    expect(await found([m], { messages: [stored(m, { parts: 1, incomplete: true })], optOuts: [] })).toEqual(['inbound-once']);
    const never = stored(sent(), { smsc_message_ref: 'mo-ffff' });
    expect(await found([m], { messages: [stored(m), never], optOuts: [] })).toEqual(['inbound-once']);
  });

  it('acknowledged before it was stored: the probe found nothing, or every part acknowledged and the message lost', async () => {
    const m = sent({ parts: 2 });
    expect(await found([m], { messages: [stored(m)], optOuts: [] }, 'not-stored')).toEqual(['inbound-stored-before-ack']);
    expect(await found([m], { messages: [], optOuts: [] }, 'stored')).toEqual(['inbound-once', 'inbound-stored-before-ack']);
  });

  it('stored for another organization, or for one when nobody owns the number', async () => {
    const m = sent();
    expect(await found([m], { messages: [stored(m, { organization_id: OTHER })], optOuts: [] })).toEqual(['inbound-owner']);
    const unowned = sent({ organizationId: null, to: '8123459' });
    expect(await found([unowned], { messages: [stored(unowned, { organization_id: ORG })], optOuts: [] })).toEqual(['inbound-owner']);
  });

  it('a STOP with no opt-out, a START after it that left it active, a keyword not read as one', async () => {
    const stop = sent({ text: 'STOP', keyword: 'opt_out' });
    expect(await found([stop], { messages: [stored(stop)], optOuts: [] })).toEqual(['inbound-keyword']);
    const start = sent({ from: stop.from, text: 'Start', keyword: 'opt_in' });
    const stopRow = stored(stop, {}, 0);
    const startRow = stored(start, {}, 2000);
    expect(await found([stop, start], { messages: [stopRow, startRow], optOuts: [optOut(stopRow, startRow)] })).toEqual([]);
    expect(await found([stop, start], { messages: [stopRow, startRow], optOuts: [optOut(stopRow)] })).toEqual(['inbound-keyword']);
    // Stored in the other order (the START came through first): the STOP is the last word, and it stands.
    const early = stored(start, {}, 0);
    const late = stored(stop, {}, 2000);
    expect(await found([stop, start], { messages: [late, early], optOuts: [optOut(late)] })).toEqual([]);
    expect(await found([stop], { messages: [stored(stop, { keyword: null })], optOuts: [] })).toEqual(['inbound-keyword']);
  });

  it('an opt-out without its message: naming none, naming another number\'s, cleared by no START, or not by keyword at all', async () => {
    const stop = sent({ text: 'STOP', keyword: 'opt_out' });
    const row = stored(stop);
    const other = stored(sent({ text: 'hello' }));
    expect(await found([stop], { messages: [row], optOuts: [optOut(row, null, { reason: 'Opted out by SMS keyword STOP' })] })).toEqual(['opt-out-without-message']);
    expect(await found([stop], { messages: [row], optOuts: [optOut(row), optOut(other, null, { id: 'x', phone: row.from_phone })] })).toEqual(['opt-out-without-message']);
    expect(await found([stop], { messages: [row], optOuts: [optOut(row), optOut(row, row, { id: 'y', source: 'sms_keyword' })] })).toEqual(['opt-out-without-message']);
    expect(await found([stop], { messages: [row], optOuts: [optOut(row), optOut(row, null, { id: 'z', source: 'manual', organization_id: OTHER })] })).toEqual(['opt-out-without-message']);
  });
});
