// A real SMPP 3.4 SMSC on loopback for development and tests: outcomes by the recipient's last two digits.
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Session } from 'smpp';
import { outcomeFor, partText, receiptFields, receiptsFor, type SimulatedOutcome } from './smsc-outcomes.ts';
import { coalesceWrites, formatSmppUrl, keepRawShortMessages, messageBytes, STATUS } from './smpp-wire.ts';

export interface SimulatedSubmit {
  systemId: string;
  sourceAddr: string;
  destinationAddr: string;
  dataCoding: number;
  esmClass: number;
  /** The exact short_message bytes, user data header included. */
  shortMessage: Uint8Array;
  /** Hex, as the submit_sm_resp gave it; null when no id was given. */
  messageId: string | null;
  outcome: SimulatedOutcome | 'throttled';
}

export interface SmscSimulatorOptions {
  /** 0 or left out: any free port. */
  port?: number;
  dlrDelayMs: number;
  systemId?: string;
  password?: string;
  /** Wait before each submit_sm_resp, to make PDUs pile up in the client's window. */
  responseDelayMs?: number;
  /** Answer the first N submit_sm with ESME_RTHROTTLED. */
  throttleFirst?: number;
  /** First message id; by default the clock's milliseconds, so a restarted simulator does not reuse ids. */
  firstMessageId?: number;
  onSubmit?: (submit: SimulatedSubmit) => void;
}

export interface SmscSimulatorStats {
  submits: number;
  binds: number;
  bindFailures: number;
  receipts: number;
  /** Receipts sent again because the link they went out on closed before deliver_sm_resp. */
  resent: number;
  /** The most submit_sm one session had waiting for their answer at once (93s are never answered, never counted). */
  maxOutstanding: number;
}

export interface SmscSimulator {
  url: string;
  close(): Promise<void>;
  stats(): SmscSimulatorStats;
  /** Cuts every connection without unbinding, as a network failure would. */
  dropConnections(): void;
}

interface Peer {
  session: Session;
  systemId: string | null;
  transmits: boolean;
  receives: boolean;
  outstanding: number;
  open: boolean;
  /** deliver_sm sent and not yet answered, by sequence number: sent again to the next receiver if this link ends. */
  unacknowledged: Map<number, Record<string, unknown>>;
}

const BINDS: Readonly<Record<string, { transmits: boolean; receives: boolean }>> = {
  bind_transceiver: { transmits: true, receives: true },
  bind_transmitter: { transmits: true, receives: false },
  bind_receiver: { transmits: false, receives: true },
};
const HANDLED = new Set([...Object.keys(BINDS), 'submit_sm', 'enquire_link', 'unbind']);
const ESME_RINVCMDID = 0x03;

export async function startSmscSimulator(options: SmscSimulatorOptions): Promise<SmscSimulator> {
  keepRawShortMessages();
  const systemId = options.systemId ?? 'ujumbe';
  const password = options.password ?? 'ujumbe';
  const counters: SmscSimulatorStats = { submits: 0, binds: 0, bindFailures: 0, receipts: 0, resent: 0, maxOutstanding: 0 };
  const peers = new Set<Peer>();
  const timers = new Set<NodeJS.Timeout>();
  // Receipts for which no receiving session was bound wait for the next one, as on a real SMSC.
  const queued: Array<Record<string, unknown>> = [];
  let throttleLeft = options.throttleFirst ?? 0;
  // A random start: two simulators (two processes, or one restarted) do not hand out the same ids.
  let nextId = options.firstMessageId ?? randomInt(2 ** 47);

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  function deliver(from: Peer, fields: Record<string, unknown>): void {
    const target = from.open && from.receives ? from : [...peers].find((p) => p.open && p.receives && p.systemId === systemId);
    if (!target) {
      queued.push(fields);
      return;
    }
    counters.receipts += 1;
    // As a real SMSC does, a receipt counts as delivered to us only once deliver_sm_resp answers it.
    const pdu = new smpp.PDU('deliver_sm', fields);
    if (!target.session.send(pdu, () => target.unacknowledged.delete(pdu.sequence_number))) {
      queued.push(fields);
      return;
    }
    target.unacknowledged.set(pdu.sequence_number, fields);
  }

  /** Receipts a closed link never acknowledged go out again, on another bound receiver or the next one. */
  function resendUnacknowledged(peer: Peer): void {
    const pending = [...peer.unacknowledged.values()];
    peer.unacknowledged.clear();
    counters.resent += pending.length;
    for (const fields of pending) deliver(peer, fields);
  }

  function respond(peer: Peer, pdu: Pdu, fields: Record<string, unknown>, then?: () => void): void {
    peer.outstanding += 1;
    counters.maxOutstanding = Math.max(counters.maxOutstanding, peer.outstanding);
    const send = () => {
      peer.outstanding -= 1;
      peer.session.send(pdu.response(fields));
      then?.();
    };
    if (options.responseDelayMs) later(options.responseDelayMs, send);
    else send();
  }

  function bind(peer: Peer, pdu: Pdu, mode: { transmits: boolean; receives: boolean }): void {
    counters.binds += 1;
    if (peer.systemId !== null) return void peer.session.send(pdu.response({ command_status: STATUS.ESME_RALYBND }));
    if (pdu.system_id !== systemId || pdu.password !== password) {
      counters.bindFailures += 1;
      return void peer.session.send(pdu.response({ command_status: STATUS.ESME_RINVPASWD }));
    }
    Object.assign(peer, { systemId, ...mode });
    peer.session.send(pdu.response({ system_id: 'ujumbe-smsc' }));
    if (peer.receives) for (const fields of queued.splice(0)) deliver(peer, fields);
  }

  function submit(peer: Peer, pdu: Pdu): void {
    counters.submits += 1;
    if (!peer.transmits) return void peer.session.send(pdu.response({ command_status: STATUS.ESME_RINVBNDSTS }));
    const shortMessage = messageBytes(pdu);
    const esmClass = pdu.esm_class ?? 0;
    const dataCoding = pdu.data_coding ?? 0;
    const destinationAddr = pdu.destination_addr ?? '';
    const sourceAddr = pdu.source_addr ?? '';
    const outcome = throttleLeft > 0 ? 'throttled' : outcomeFor(destinationAddr);
    const id = outcome === 'throttled' || outcome === 'silent' || outcome === 'refuse' ? null : nextId++;
    const messageId = id === null ? null : id.toString(16);
    options.onSubmit?.({ systemId, sourceAddr, destinationAddr, dataCoding, esmClass, shortMessage, messageId, outcome });
    if (outcome === 'throttled') {
      throttleLeft -= 1;
      return respond(peer, pdu, { command_status: STATUS.ESME_RTHROTTLED });
    }
    if (outcome === 'silent') return;
    if (id === null) return respond(peer, pdu, { command_status: STATUS.ESME_RSUBMITFAIL });
    const source = { id, sourceAddr, destinationAddr, text: partText(shortMessage, esmClass, dataCoding), submittedAt: new Date() };
    respond(peer, pdu, { message_id: messageId }, () => {
      for (const { afterMs, stat } of receiptsFor(outcome, options.dlrDelayMs)) {
        later(afterMs, () => deliver(peer, receiptFields(source, stat, new Date())));
      }
    });
  }

  function accept(session: Session): void {
    const peer: Peer = { session, systemId: null, transmits: false, receives: false, outstanding: 0, open: true, unacknowledged: new Map() };
    peers.add(peer);
    coalesceWrites(session.socket);
    session.on('error', () => session.destroy());
    session.on('close', () => {
      peer.open = false;
      peers.delete(peer);
      resendUnacknowledged(peer);
    });
    for (const [command, mode] of Object.entries(BINDS)) session.on(command, (pdu: Pdu) => bind(peer, pdu, mode));
    session.on('submit_sm', (pdu: Pdu) => submit(peer, pdu));
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      peer.open = false;
      session.send(pdu.response());
      session.close();
    });
    session.on('pdu', (pdu: Pdu) => {
      if (!pdu.isResponse() && !HANDLED.has(pdu.command)) session.send(pdu.response({ command_status: ESME_RINVCMDID }));
    });
  }

  const server = smpp.createServer({}, accept);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: formatSmppUrl({ host: '127.0.0.1', port, systemId, password }),
    stats: () => ({ ...counters }),
    dropConnections() {
      for (const session of [...server.sessions]) session.destroy();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of [...server.sessions]) session.destroy();
      await closed;
    },
  };
}
