// A real SMPP 3.4 SMSC on loopback for development and tests: outcomes by the recipient's last two digits, and
// faults (smsc-faults.ts) injected on request.
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Session } from 'smpp';
import { concatenationOf, outcomeFor, partText, receiptsFor, type ConcatenatedPart, type SimulatedOutcome } from './smsc-outcomes.ts';
import { ESME_RBINDFAIL, faultOf, pickOne, planSubmit, type SmscFaults, type SubmitFault } from './smsc-faults.ts';
import { createReceiptRouter, type Peer, type SimulatedReceipt } from './smsc-receipts.ts';
import { createInboundSender, type InboundRequest, type SimulatedInbound } from './smsc-inbound.ts';
import { coalesceWrites, formatSmppUrl, keepRawShortMessages, knowSmscMessageRef, messageBytes, STATUS } from './smpp-wire.ts';

export type { SmscFaults } from './smsc-faults.ts';
export type { SimulatedReceipt } from './smsc-receipts.ts';
export type { InboundRequest, SimulatedInbound } from './smsc-inbound.ts';

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
  /** This submit_sm's number in the simulator's order of arrival (from 1); its answer is reported under it. */
  serial: number;
  /** The part of a concatenated message it carries; null for a message of one part. */
  part: ConcatenatedPart | null;
  /** The command_status it is (or will be) answered with; null when it is never answered (a silent number, or cut by a drop). */
  status: number | null;
  /** The fault that shaped it, if any. */
  fault: SubmitFault | null;
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
  /** The answer to submit number `serial` was written (`sent`), or its link was gone by then. */
  onAnswer?: (answer: { serial: number; sent: boolean }) => void;
  onReceipt?: (receipt: SimulatedReceipt) => void;
  onInbound?: (part: SimulatedInbound) => void;
  /** Faults in force from the start (none by default); setFaults changes them. */
  faults?: SmscFaults;
  /** The random source of every fault decision; pass a seeded one to repeat a run. Unused without faults. */
  random?: () => number;
}

export interface SmscSimulatorStats {
  submits: number;
  binds: number;
  bindFailures: number;
  receipts: number;
  /** deliver_sm (receipts and messages from handsets) sent again because their link closed before deliver_sm_resp. */
  resent: number;
  /** The most submit_sm one session had waiting for their answer at once (93s are never answered, never counted). */
  maxOutstanding: number;
  /** Times every link was cut by the drop fault, and submits each fault shaped. */
  drops: number;
  faulted: Record<SubmitFault, number>;
  duplicateReceipts: number;
  strayReceipts: number;
  /** deliver_sm of messages from handsets written (each resend counts), and those acknowledged. */
  inbound: number;
  inboundAcknowledged: number;
}

export interface SmscSimulator {
  url: string;
  close(): Promise<void>;
  stats(): SmscSimulatorStats;
  /** Cuts every connection without unbinding, as a network failure would. */
  dropConnections(): void;
  /** Replaces the faults in force (an empty object: none); the drop fault counts submits afresh. */
  setFaults(faults: SmscFaults): void;
  faults(): SmscFaults;
  /**
   * A message from a handset: its deliver_sm (one per part) go to a bound receiver, or wait for the next bind, and
   * each one not acknowledged when its link ends goes out again. Returns the name it carries (smsc_message_ref).
   */
  sendInbound(request: InboundRequest): { smscMessageRef: string; parts: number };
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
  knowSmscMessageRef();
  const systemId = options.systemId ?? 'ujumbe';
  const password = options.password ?? 'ujumbe';
  const random = options.random ?? Math.random;
  const counters: SmscSimulatorStats = {
    submits: 0, binds: 0, bindFailures: 0, receipts: 0, resent: 0, maxOutstanding: 0, drops: 0,
    faulted: { throttle: 0, error: 0, late: 0, 'receipt-first': 0, drop: 0, 'outage-after-part': 0 }, duplicateReceipts: 0, strayReceipts: 0,
    inbound: 0, inboundAcknowledged: 0,
  };
  const peers = new Set<Peer>();
  const timers = new Set<NodeJS.Timeout>();
  let throttleLeft = options.throttleFirst ?? 0;
  // A random start: two simulators (two processes, or one restarted) do not hand out the same ids.
  let nextId = options.firstMessageId ?? randomInt(2 ** 47);
  let faults: SmscFaults = {};
  let submitsSinceFaults = 0;
  let strayTimer: NodeJS.Timeout | undefined;
  // The end of a scripted outage (outageAfterFirstPartMs); binds are refused until then.
  let outageUntil = 0;
  // Handsets recently sent to, and by whom: a stray receipt names one of them, as a confused SMSC would.
  const recent: Array<{ sourceAddr: string; destinationAddr: string }> = [];

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };
  const receipts = createReceiptRouter({ systemId, peers, counters, faults: () => faults, random, later, onReceipt: options.onReceipt });
  const sendInbound = createInboundSender({ send: (item) => receipts.sendInbound(item), counters, random, onInbound: options.onInbound });

  function respond(peer: Peer, pdu: Pdu, fields: Record<string, unknown>, then?: () => void, delayMs = 0, serial?: number): void {
    peer.outstanding += 1;
    counters.maxOutstanding = Math.max(counters.maxOutstanding, peer.outstanding);
    const send = () => {
      peer.outstanding -= 1;
      const sent = peer.session.send(pdu.response(fields));
      if (serial !== undefined) options.onAnswer?.({ serial, sent });
      then?.();
    };
    const wait = (options.responseDelayMs ?? 0) + delayMs;
    if (wait) later(wait, send);
    else send();
  }

  function bind(peer: Peer, pdu: Pdu, mode: { transmits: boolean; receives: boolean }): void {
    counters.binds += 1;
    if (peer.systemId !== null) return void peer.session.send(pdu.response({ command_status: STATUS.ESME_RALYBND }));
    if (faults.down || Date.now() < outageUntil) {
      counters.bindFailures += 1;
      return void peer.session.send(pdu.response({ command_status: ESME_RBINDFAIL }));
    }
    if (pdu.system_id !== systemId || pdu.password !== password) {
      counters.bindFailures += 1;
      return void peer.session.send(pdu.response({ command_status: STATUS.ESME_RINVPASWD }));
    }
    Object.assign(peer, { systemId, ...mode });
    peer.session.send(pdu.response({ system_id: 'ujumbe-smsc' }));
    if (peer.receives) receipts.flushQueued(peer);
  }

  function submit(peer: Peer, pdu: Pdu): void {
    counters.submits += 1;
    if (!peer.transmits) return void peer.session.send(pdu.response({ command_status: STATUS.ESME_RINVBNDSTS }));
    const serial = counters.submits;
    const shortMessage = messageBytes(pdu);
    const esmClass = pdu.esm_class ?? 0;
    const dataCoding = pdu.data_coding ?? 0;
    const destinationAddr = pdu.destination_addr ?? '';
    const sourceAddr = pdu.source_addr ?? '';
    recent.push({ sourceAddr, destinationAddr });
    if (recent.length > 100) recent.shift();
    const byNumber = outcomeFor(destinationAddr);
    submitsSinceFaults += 1;
    const dropHere = !!faults.dropAfter && submitsSinceFaults % faults.dropAfter === 0;
    const plan = planSubmit({ byNumber, throttleFirst: throttleLeft > 0, dropHere, errorsSoFar: counters.faulted.error }, faults, random);
    const outcome = plan.kind === 'throttle' ? 'throttled' : plan.kind === 'refuse' ? 'refuse' : byNumber;
    const id = plan.kind === 'accept' || plan.kind === 'drop' ? nextId++ : null;
    const messageId = id === null ? null : id.toString(16);
    const status = plan.kind === 'throttle' ? STATUS.ESME_RTHROTTLED : plan.kind === 'refuse' ? plan.status : plan.kind === 'accept' ? STATUS.ESME_ROK : null;
    const fault = faultOf(plan);
    if (fault) counters.faulted[fault] += 1;
    const part = concatenationOf(shortMessage, esmClass);
    options.onSubmit?.({ systemId, sourceAddr, destinationAddr, dataCoding, esmClass, shortMessage, messageId, outcome, serial, part, status, fault });
    if (plan.kind === 'throttle' && !plan.fault) throttleLeft -= 1;
    if (plan.kind === 'throttle' || plan.kind === 'refuse') return respond(peer, pdu, { command_status: status }, undefined, 0, serial);
    if (plan.kind === 'silent' || id === null) return;
    const source = { id, sourceAddr, destinationAddr, text: partText(shortMessage, esmClass, dataCoding), submittedAt: new Date() };
    const sendReceipts = () => {
      for (const { afterMs, stat } of receiptsFor(byNumber, options.dlrDelayMs)) later(afterMs, () => receipts.send(peer, source, stat));
    };
    if (plan.kind === 'drop') {
      // Taken in, never answered: the SMSC still delivers it, and its receipt names an id the client never heard.
      counters.drops += 1;
      sendReceipts();
      for (const session of [...server.sessions]) session.destroy();
      return;
    }
    if (plan.fault === 'receipt-first') {
      for (const { stat } of receiptsFor(byNumber, 0)) receipts.send(peer, source, stat);
      return respond(peer, pdu, { message_id: messageId }, undefined, plan.answerAfterMs, serial);
    }
    const splits = !!faults.outageAfterFirstPartMs && part !== null && part.sequence === 1 && part.total > 1 && Date.now() >= outageUntil;
    const outageMs = faults.outageAfterFirstPartMs ?? 0;
    const afterAnswer = () => {
      sendReceipts();
      if (splits) outageAfterAnswer(outageMs);
    };
    respond(peer, pdu, { message_id: messageId }, afterAnswer, plan.answerAfterMs, serial);
  }

  /** The scripted outage after a first part: a moment for its answer to leave, then every link cut. */
  function outageAfterAnswer(ms: number): void {
    counters.faulted['outage-after-part'] += 1;
    outageUntil = Date.now() + ms;
    later(5, dropConnections);
  }

  function sendStray(): void {
    const about = pickOne(recent, random);
    if (about) receipts.sendStray(about);
  }

  function accept(session: Session): void {
    const peer: Peer = { session, systemId: null, transmits: false, receives: false, outstanding: 0, open: true, unacknowledged: new Map() };
    peers.add(peer);
    coalesceWrites(session.socket);
    session.on('error', () => session.destroy());
    session.on('close', () => {
      peer.open = false;
      peers.delete(peer);
      receipts.resendUnacknowledged(peer);
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

  function dropConnections(): void {
    for (const session of [...server.sessions]) session.destroy();
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
  const setFaults = (next: SmscFaults) => {
    faults = { ...next };
    submitsSinceFaults = 0;
    clearInterval(strayTimer);
    strayTimer = faults.strayReceiptEveryMs ? setInterval(sendStray, faults.strayReceiptEveryMs) : undefined;
    if (faults.down) dropConnections();
  };
  setFaults(options.faults ?? {});

  return {
    url: formatSmppUrl({ host: '127.0.0.1', port, systemId, password }),
    stats: () => ({ ...counters, faulted: { ...counters.faulted } }),
    dropConnections,
    setFaults,
    faults: () => ({ ...faults }),
    sendInbound,
    async close() {
      clearInterval(strayTimer);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      dropConnections();
      await closed;
    },
  };
}
