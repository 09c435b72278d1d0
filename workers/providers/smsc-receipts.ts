// The SMSC simulator's deliver_sm on their way out (receipts, and messages from handsets): which link takes each,
// the queue while none is bound, the resend of those a closed link never acknowledged, duplicates and stray receipts
// (smsc-faults.ts).
import smpp, { type Session } from 'smpp';
import { receiptFields, type ReceiptSource, type ReceiptStat } from './smsc-outcomes.ts';
import { pickOne, sendTwice, strayId, type SmscFaults } from './smsc-faults.ts';

/** A receipt (deliver_sm) as it went out, or as the client acknowledged it with deliver_sm_resp. */
export interface SimulatedReceipt {
  /** The id it names, hex as submit_sm_resp gave it. */
  messageId: string;
  destinationAddr: string;
  stat: ReceiptStat;
  /** Made up by the stray-receipt fault: no submit was ever given this id. */
  stray: boolean;
  /** false when it is written to a link, true when the client answered it with deliver_sm_resp. */
  acknowledged: boolean;
}

/** One client link as the simulator keeps it. */
export interface Peer {
  session: Session;
  systemId: string | null;
  transmits: boolean;
  receives: boolean;
  outstanding: number;
  open: boolean;
  /** deliver_sm sent and not yet answered, by sequence number: sent again to the next receiver if this link ends. */
  unacknowledged: Map<number, Deliver>;
}

/** A deliver_sm's fields, with how the simulator reports it: written (false), then acknowledged (true). */
export interface Deliver {
  fields: Record<string, unknown>;
  report(acknowledged: boolean): void;
}

export interface ReceiptCounters {
  receipts: number;
  resent: number;
  duplicateReceipts: number;
  strayReceipts: number;
}

export interface ReceiptRouterOptions {
  systemId: string;
  peers: ReadonlySet<Peer>;
  counters: ReceiptCounters;
  faults: () => SmscFaults;
  random: () => number;
  /** Runs fn after ms unless the simulator closes first. */
  later: (ms: number, fn: () => void) => void;
  onReceipt?: (receipt: SimulatedReceipt) => void;
}

export function createReceiptRouter(options: ReceiptRouterOptions) {
  const { counters, random } = options;
  // Receipts for which no receiving session was bound wait for the next one, as on a real SMSC.
  const queued: Deliver[] = [];
  let strays = 0;

  function receiverFor(from: Peer | null): Peer | undefined {
    const receivers = [...options.peers].filter((p) => p.open && p.receives && p.systemId === options.systemId);
    // Several processes bound to one account: a real SMSC sends a receipt on any of their links.
    if (options.faults().receiptsOnAnyLink) return pickOne(receivers, random);
    return from?.open && from.receives ? from : receivers[0];
  }

  function deliver(from: Peer | null, item: Deliver): void {
    const target = receiverFor(from);
    if (!target) {
      queued.push(item);
      return;
    }
    // As a real SMSC does, a deliver_sm counts as delivered to us only once deliver_sm_resp answers it.
    const pdu = new smpp.PDU('deliver_sm', item.fields);
    const acknowledged = () => {
      if (target.unacknowledged.delete(pdu.sequence_number)) item.report(true);
    };
    if (!target.session.send(pdu, acknowledged)) {
      queued.push(item);
      return;
    }
    target.unacknowledged.set(pdu.sequence_number, item);
    item.report(false);
  }

  return {
    /** A receipt for `source`, on the link it came from (or another, by the faults), twice if the faults say so. */
    send(from: Peer | null, source: ReceiptSource, stat: ReceiptStat, stray = false): void {
      const about = { messageId: source.id.toString(16), destinationAddr: source.destinationAddr, stat, stray };
      const receipt: Deliver = {
        fields: receiptFields(source, stat, new Date()),
        report: (acknowledged) => {
          if (!acknowledged) counters.receipts += 1;
          options.onReceipt?.({ ...about, acknowledged });
        },
      };
      deliver(from, receipt);
      if (sendTwice(options.faults(), random)) {
        counters.duplicateReceipts += 1;
        options.later(10, () => deliver(from, receipt));
      }
    },

    /** A DELIVRD receipt for an id never issued, naming a handset recently sent to. */
    sendStray(about: { sourceAddr: string; destinationAddr: string }): void {
      strays += 1;
      counters.strayReceipts += 1;
      this.send(null, { id: strayId(strays), ...about, text: null, submittedAt: new Date() }, 'DELIVRD', true);
    },

    /** A message from a handset (one deliver_sm), kept until acknowledged as a receipt is. */
    sendInbound(item: Deliver): void {
      deliver(null, item);
    },

    /** deliver_sm a closed link never acknowledged go out again, on another bound receiver or the next one. */
    resendUnacknowledged(peer: Peer): void {
      const pending = [...peer.unacknowledged.values()];
      peer.unacknowledged.clear();
      counters.resent += pending.length;
      for (const receipt of pending) deliver(peer, receipt);
    },

    /** A newly bound receiver takes the deliver_sm that waited for one. */
    flushQueued(peer: Peer): void {
      for (const receipt of queued.splice(0)) deliver(peer, receipt);
    },
  };
}
