// Messages from handsets while the faults run: the fault-injecting SMSC sends them (sendInbound) to short codes of
// the run's organizations and to one nobody owns, single and long (UDH or SAR, some UCS-2), and some are keywords
// (STOP, ACHA, START, ANZA) from numbers in the organization's address book. Each keyword sender is a handset of
// its own that nothing else of the run writes to: its confirmation is the only message it gets.
import type { Random } from './random.ts';
import type { Organization } from './ops.ts';
import { freshNumber } from './traffic.ts';
import type { SmscSimulator } from '../../workers/providers/smsc-simulator.ts';
import type { PlannedFault } from './faults.ts';

export type Keyword = 'opt_out' | 'opt_in';

export interface PlannedInbound {
  /** The organization owning the number it is sent to; null for the number nobody owns. */
  organizationId: string | null;
  /** E.164 handset, and the short code it is sent to. */
  from: string;
  to: string;
  text: string;
  concat: 'udh' | 'sar';
  /** The concatenation reference its parts carry (unused for a message of one part). */
  ref: number;
  /** What it should set off, if it is a keyword. */
  keyword: Keyword | null;
  atMs: number;
}

export interface SentInbound extends PlannedInbound {
  /** The SMSC's name for it (vendor TLV 0x1401); null when the SMSC was gone before it was sent. */
  smscMessageRef: string | null;
  parts: number;
}

export interface InboundPlan {
  /** Each organization's short code. */
  numbers: Array<{ organizationId: string; number: string }>;
  unowned: string;
  /** Keyword senders to add to each organization's address book. */
  contacts: Array<{ organizationId: string; phones: string[] }>;
  messages: PlannedInbound[];
}

const WORDS: Record<string, Keyword> = { STOP: 'opt_out', ' acha ': 'opt_out', 'Start': 'opt_in', ANZA: 'opt_in' };
/** What a keyword sender writes: a STOP, an ACHA, a STOP and later a START, or an ANZA with nothing to clear. */
const PATTERNS: ReadonlyArray<string[]> = [['STOP'], [' acha '], ['STOP', 'Start'], ['ANZA'], [' acha ', 'ANZA']];

const LONG_GSM = 'Habari, nimepokea ujumbe wenu na ningependa kujua zaidi kuhusu bei za bidhaa mpya za msimu huu. ';
const LONG_UCS2 = 'Asante sana — nitakuja kesho saa tatu asubuhi. ';

function textOf(random: Random, seed: number, i: number): { text: string; concat: 'udh' | 'sar'; ref: number } {
  const head = `Chaos ${seed} in #${i}:`;
  const roll = random();
  const concat = random.chance(0.5) ? 'udh' : 'sar';
  const ref = concat === 'sar' ? random.int(0, 0xffff) : random.int(0, 0xff);
  if (roll < 0.55) return { text: `${head} nipigie simu tafadhali.`, concat, ref };
  if (roll < 0.8) return { text: `${head} ${LONG_GSM.repeat(random.int(2, 4))}`.trimEnd(), concat, ref };
  return { text: `${head} ${LONG_UCS2.repeat(random.int(2, 5))}`.trimEnd(), concat, ref };
}

/**
 * Moments that test the rule hardest: just before a link ends (a process killed or stopped, the SMSC going down),
 * so that a message is read and being stored when its link goes; and just after the database goes away, so that it
 * is held unanswered through the fault.
 */
function faultMoments(random: Random, faults: readonly PlannedFault[]): number[] {
  return faults.flatMap((f) => {
    if (f.kind === 'kill9' || f.kind === 'sigterm' || f.kind === 'smsc-outage') return [0, 1, 2].map(() => Math.max(0, f.atMs - random.int(2, 15)));
    if (f.kind === 'pg-stop' || f.kind === 'pg-freeze') return [0, 1].map(() => f.atMs + random.int(100, Math.max(200, f.durationMs - 200)));
    return [];
  });
}

/** Short codes made from the seed (five digits) and the organization's place; the unowned one ends 9. */
export function planInbound(random: Random, seed: number, organizations: Organization[], count: number, spreadMs: number, faults: readonly PlannedFault[] = []): InboundPlan {
  const stem = String(seed % 100_000).padStart(5, '0');
  const numbers = organizations.map((o, i) => ({ organizationId: o.id, number: `8${stem}${i + 1}` }));
  const unowned = `8${stem}9`;
  const messages: PlannedInbound[] = [];
  const contacts = numbers.map(({ organizationId, number }) => {
    const phones: string[] = [];
    for (let k = 0; k < 2; k++) {
      const from = freshNumber(random, String(random.int(10, 89)));
      phones.push(from);
      const words = random.pick(PATTERNS);
      const start = random.int(0, Math.max(0, spreadMs - 3000));
      words.forEach((word, w) => {
        // A later word comes a few seconds after the first, usually after it is stored.
        messages.push({ organizationId, from, to: number, text: word, concat: 'udh', ref: 0, keyword: WORDS[word]!, atMs: start + w * random.int(1500, 3000) });
      });
    }
    return { organizationId, phones };
  });
  const moments = [...Array.from({ length: count }, () => random.int(0, spreadMs)), ...faultMoments(random, faults)];
  moments.forEach((atMs, i) => {
    const owned = random.chance(0.85) ? random.pick(numbers) : null;
    const from = freshNumber(random, String(random.int(10, 89)));
    messages.push({ organizationId: owned?.organizationId ?? null, from, to: owned?.number ?? unowned, ...textOf(random, seed, i), keyword: null, atMs });
  });
  // A keyword to the number nobody owns: stored for the operator, and no opt-out anywhere.
  messages.push({ organizationId: null, from: freshNumber(random, String(random.int(10, 89))), to: unowned, text: 'STOP', concat: 'udh', ref: 0, keyword: null, atMs: random.int(0, spreadMs) });
  return { numbers, unowned, contacts, messages: messages.sort((a, b) => a.atMs - b.atMs) };
}

/** Hands each message to the SMSC at its moment (it keeps those it cannot deliver yet); resolves when all are handed over. */
export async function sendInboundAll(sim: SmscSimulator, ledger: InboundLedger, plans: PlannedInbound[]): Promise<SentInbound[]> {
  return Promise.all(
    plans.map(async (plan) => {
      await new Promise((r) => setTimeout(r, plan.atMs));
      const sent = sim.sendInbound({ from: plan.from.replace(/^\+/, ''), to: plan.to, text: plan.text, concat: plan.concat, ref: plan.ref });
      const message: SentInbound = { ...plan, smscMessageRef: sent.smscMessageRef, parts: sent.parts };
      ledger.expect(message);
      return message;
    }),
  );
}

export type ProbeResult = 'stored' | 'not-stored' | 'unknown';

/** What the SMSC saw of one message from a handset: each part written (resends counted) and acknowledged, with what the database said right after each acknowledgement. */
export interface InboundRecord {
  written: Map<number, number>;
  acknowledged: Map<number, ProbeResult[]>;
}

export interface InboundLedger {
  onInbound(part: { smscMessageRef: string; seq: number; total: number; acknowledged: boolean }): void;
  expect(message: SentInbound): void;
  record(smscMessageRef: string): InboundRecord;
  /** Probes still running. */
  settled(): Promise<void>;
}

/**
 * `probe` asks the database whether the part (or its whole message) is stored. It runs after the SMSC read the
 * deliver_sm_resp, so the service committed before it answered if it answers "stored"; "not-stored" proves an
 * acknowledgement came before the store.
 */
export function createInboundLedger(probe: (message: SentInbound, seq: number) => Promise<boolean>): InboundLedger {
  const records = new Map<string, InboundRecord>();
  const messages = new Map<string, SentInbound>();
  const running = new Set<Promise<void>>();
  const record = (ref: string) => {
    let found = records.get(ref);
    if (!found) records.set(ref, (found = { written: new Map(), acknowledged: new Map() }));
    return found;
  };
  return {
    onInbound({ smscMessageRef, seq, acknowledged }) {
      const r = record(smscMessageRef);
      if (!acknowledged) return void r.written.set(seq, (r.written.get(seq) ?? 0) + 1);
      const results = r.acknowledged.get(seq) ?? [];
      r.acknowledged.set(seq, results);
      const message = messages.get(smscMessageRef);
      if (!message) return void results.push('unknown');
      const done = probe(message, seq).then(
        (stored) => void results.push(stored ? 'stored' : 'not-stored'),
        () => void results.push('unknown'),
      );
      running.add(done);
      void done.finally(() => running.delete(done));
    },
    expect(message) {
      if (message.smscMessageRef) messages.set(message.smscMessageRef, message);
    },
    record,
    async settled() {
      await Promise.all([...running]);
    },
  };
}
