// A short seeded sample of the fault harness (`npm run chaos`, bench/chaos): the real processes on a database of
// their own, a fault-injecting SMSC, kills and outages at the seed's moments; every check must hold. And proof that
// each check can fail: planted violations, checked without processes.
import { describe, expect, it } from 'vitest';
import { DEFAULTS, runSeries } from '../../bench/chaos/run.ts';
import { checkAccepted, checkParts, checkSettled, openAfterReceipts } from '../../bench/chaos/check-delivery.ts';
import { checkMoney } from '../../bench/chaos/check-money.ts';
import { createRecorder } from '../../bench/chaos/recorder.ts';
import { Violations } from '../../bench/chaos/violations.ts';
import type { MessageRow, Snapshot } from '../../bench/chaos/snapshot.ts';
import type { SentMessage } from '../../bench/chaos/traffic.ts';

// A smaller world than the full harness (one API replica, one worker replica beside `npm start`) so that the sample
// fits in two minutes on two cores; the runs, faults and checks are the harness's own.
const SAMPLE = {
  runs: 1,
  seed: 20_261_126,
  messages: 16,
  notices: 6,
  pushes: 2,
  inbound: 6,
  campaignSize: 6,
  phaseMs: 6_000,
  boundMs: 45_000,
  receiptBoundMs: DEFAULTS.receiptBoundMs,
  world: { ...DEFAULTS.world, apis: 1, workers: 1 },
};

describe('the fault harness, a short seeded sample', () => {
  it(`run of seed ${SAMPLE.seed}: every 202 once, no part taken in twice, all settled in time, the money right`, async () => {
    const lines: string[] = [];
    const reports = await runSeries({
      ...SAMPLE,
      print: (line) => {
        lines.push(line);
        process.stdout.write(`${line}\n`);
      },
    });
    expect(reports).toHaveLength(SAMPLE.runs);
    const found = reports.flatMap((r) => [...r.violations.counts].map(([check, n]) => `${check}=${n} (seed ${r.seed})`));
    expect(found, lines.join('\n')).toEqual([]);
  }, 170_000);
});

const ORG = '01a20000-0000-7000-8000-000000000001';
let serial = 0;
function message(overrides: Partial<MessageRow>): MessageRow {
  serial += 1;
  const id = `01a20000-0000-7000-8000-${String(serial).padStart(12, '0')}`;
  return {
    organization_id: ORG, id, client_ref: `ref-${serial}`, status: 'delivered', charge: 'captured', total: '2000',
    to_phone: `+2557500${String(serial).padStart(3, '0')}10`, campaign_id: null, failure_reason: null, submit_started_at: null,
    attempts: [{ number: 1, state: 'submitted', detail: null }],
    provider_ids: 1,
    entries: [{ kind: 'hold', amount: '2000' }, { kind: 'capture', amount: '2000' }],
    ...overrides,
  };
}

function snapshotOf(messages: MessageRow[], extra: Partial<Snapshot> = {}): Snapshot {
  const captured = messages.filter((m) => m.charge === 'captured').reduce((s, m) => s + BigInt(m.total), 0n);
  const held = messages.filter((m) => m.charge === 'held').reduce((s, m) => s + BigInt(m.total), 0n);
  const available = 1_000_000n - captured - held;
  const wallet = { organization_id: ORG, available: String(available), held: String(held), captured: String(captured), credited: '1000000', credits: '1000000' };
  return { messages, wallets: [wallet], campaigns: [], strayApplied: [], payments: [], paymentEntries: [], pushes: [], ...extra };
}

function found(run: (v: Violations) => void): string[] {
  const v = new Violations();
  run(v);
  return [...v.counts.keys()].sort();
}

describe('the harness checks fail on what they look for', () => {
  it('a clean snapshot passes every check', () => {
    const snapshot = snapshotOf([message({})]);
    const clean = found((v) => {
      checkMoney(snapshot, v);
      checkSettled(snapshot, createRecorder(), v, new Map());
    });
    expect(clean).toEqual([]);
  });

  it('money: a second capture, a missing hold, a campaign share kept after REJECTD, a wallet that does not add up', () => {
    expect(found((v) => checkMoney(snapshotOf([message({ entries: [{ kind: 'hold', amount: '2000' }, { kind: 'capture', amount: '2000' }, { kind: 'capture', amount: '2000' }] })]), v))).toEqual(['settled-once']);
    expect(found((v) => checkMoney(snapshotOf([message({ entries: [{ kind: 'capture', amount: '2000' }] })]), v))).toEqual(['one-hold']);
    const rejected = message({ status: 'failed', campaign_id: ORG, entries: [{ kind: 'capture', amount: '2000' }] });
    expect(found((v) => checkMoney(snapshotOf([rejected]), v))).toEqual(['settle-rule']);
    const off = snapshotOf([message({})]);
    off.wallets[0]!.held = '1';
    off.wallets[0]!.available = String(BigInt(off.wallets[0]!.available) - 1n);
    expect(found((v) => checkMoney(off, v))).toEqual(['money-identity']);
  });

  it('delivery: a duplicated message, a part taken in twice, a message left open, an unknown without reason, a stray receipt', () => {
    const twice = [message({ client_ref: 'k1' }), message({ client_ref: 'k1' })];
    const sent = [{ organizationId: ORG, key: 'k1', to: '', body: '', atMs: 0, result: { answer: null, successes: [{ status: 202, body: { data: { id: twice[0]!.id } }, headers: new Headers() }], attempts: 1, failures: [] } }] as SentMessage[];
    expect(found((v) => checkAccepted(sent, snapshotOf(twice), v))).toEqual(['exactly-once-202']);
    const recorder = createRecorder();
    const resent = message({});
    for (const serialNumber of [1, 2]) {
      recorder.onSubmit({ systemId: 's', sourceAddr: 'X', destinationAddr: resent.to_phone.slice(1), dataCoding: 0, esmClass: 0, shortMessage: new Uint8Array(), messageId: String(serialNumber), outcome: 'delivered', serial: serialNumber, part: null, status: 0, fault: null });
    }
    expect(found((v) => checkParts(snapshotOf([resent]), recorder, v))).toEqual(['submitted-twice']);
    const open = snapshotOf([message({ status: 'accepted', charge: 'held' }), message({ status: 'unknown', charge: 'held', attempts: [{ number: 1, state: 'submitting', detail: null }] })], {
      strayApplied: [{ message_id: ORG, provider_id: '4000000000001' }],
    });
    expect(found((v) => checkSettled(open, createRecorder(), v, new Map([[ORG, 'late']])))).toEqual(['not-settled', 'receipt-not-applied', 'stray-receipt-applied', 'unknown-without-reason']);
  });

  it('receipts: a message its acknowledged receipts decided is open, unless it is unknown with no id recorded (its answer died with its process)', () => {
    const recorder = createRecorder();
    const decided = (m: MessageRow, serialNumber: number) => {
      const destinationAddr = m.to_phone.slice(1);
      recorder.onSubmit({ systemId: 's', sourceAddr: 'X', destinationAddr, dataCoding: 0, esmClass: 0, shortMessage: new Uint8Array(), messageId: `a${serialNumber}`, outcome: 'delivered', serial: serialNumber, part: null, status: 0, fault: null });
      recorder.onAnswer({ serial: serialNumber, sent: true });
      recorder.onReceipt({ messageId: `a${serialNumber}`, destinationAddr, stat: 'DELIVRD', stray: false, acknowledged: true });
      return m;
    };
    const known = decided(message({ status: 'unknown', charge: 'held' }), 101);
    const lost = decided(message({ status: 'unknown', charge: 'held', provider_ids: 0 }), 102);
    const waiting = openAfterReceipts(snapshotOf([known, lost]), recorder).map((w) => w.message.id);
    expect(waiting).toEqual([known.id]);
  });
});
