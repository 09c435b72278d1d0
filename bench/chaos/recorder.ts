// What the fault-injecting SMSC saw, by handset: every submit_sm (its part and answer) and every receipt the
// client acknowledged. Each message of a run goes to a number of its own, so a handset's record is its message's.
import type { SimulatedReceipt, SimulatedSubmit } from '../../workers/providers/smsc-simulator.ts';
import { STATUS } from '../../workers/providers/smpp-wire.ts';

export interface PartSubmit {
  serial: number;
  /** 1 for a single-part message. */
  part: number;
  parts: number;
  messageId: string | null;
  status: number | null;
  fault: SimulatedSubmit['fault'];
  /** The answer was written to the link the submit came on (in time or late); false if the link was gone. */
  answered: boolean;
}

export interface HandsetRecord {
  submits: PartSubmit[];
  /** Receipts the client acknowledged (deliver_sm_resp), by the id they name. */
  acknowledged: Array<{ messageId: string; stat: SimulatedReceipt['stat']; stray: boolean; at: number }>;
}

export interface Recorder {
  onSubmit(submit: SimulatedSubmit): void;
  onAnswer(answer: { serial: number; sent: boolean }): void;
  onReceipt(receipt: SimulatedReceipt): void;
  /** The record of a handset (digits, no +). */
  handset(digits: string): HandsetRecord;
  /** Ids of the stray receipts sent so far (hex). */
  strayIds(): string[];
}

export function createRecorder(): Recorder {
  const handsets = new Map<string, HandsetRecord>();
  const bySerial = new Map<number, PartSubmit>();
  const strays = new Set<string>();
  const record = (digits: string) => {
    let found = handsets.get(digits);
    if (!found) handsets.set(digits, (found = { submits: [], acknowledged: [] }));
    return found;
  };
  return {
    onSubmit(s) {
      const submit: PartSubmit = {
        serial: s.serial,
        part: s.part?.sequence ?? 1,
        parts: s.part?.total ?? 1,
        messageId: s.messageId,
        status: s.status,
        fault: s.fault,
        answered: false,
      };
      bySerial.set(s.serial, submit);
      record(s.destinationAddr).submits.push(submit);
    },
    onAnswer({ serial, sent }) {
      const submit = bySerial.get(serial);
      if (submit) submit.answered = sent;
    },
    onReceipt(r) {
      if (r.stray) strays.add(r.messageId);
      if (r.acknowledged) record(r.destinationAddr).acknowledged.push({ messageId: r.messageId, stat: r.stat, stray: r.stray, at: Date.now() });
    },
    handset: (digits) => record(digits),
    strayIds: () => [...strays],
  };
}

/** A submit the SMSC took in: anything but ESME_RTHROTTLED, which says it was not taken and may come again. */
export function takenIn(submit: PartSubmit): boolean {
  return submit.status !== STATUS.ESME_RTHROTTLED;
}

/** A handset's record in a few words, for a violation's example: each submit's part, answer and fault, then the receipts. */
export function story(record: HandsetRecord): string {
  const submits = record.submits.map((s) => {
    const status = s.status === null ? 'no answer' : s.status === 0 ? 'ok' : `0x${s.status.toString(16)}`;
    return `p${s.part}:${status}${s.fault ? `/${s.fault}` : ''}${s.status !== null && !s.answered ? '(answer lost)' : ''}`;
  });
  const receipts = record.acknowledged.map((r) => r.stat);
  return `smsc [${submits.join(' ') || 'no submit'}${receipts.length ? `; receipts ${receipts.join(',')}` : ''}]`;
}
