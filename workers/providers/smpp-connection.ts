// One SMPP transceiver link kept bound: connect, bind, enquire_link, reconnect with backoff, and our own PDU timers.
import smpp, { type Pdu, type Session } from 'smpp';
import { backoffDelay } from './flow-control.ts';
import { STATUS, coalesceWrites, statusName, type SmppTarget } from './smpp-wire.ts';

export interface SmppLogger {
  info(msg: string, fields?: object): void;
  warn(msg: string, fields?: object): void;
}

/** What became of one submit_sm. `unsent`: it never left this process, so trying again is safe. */
export type PartResult =
  | { kind: 'accepted'; messageId: string }
  | { kind: 'refused'; commandStatus: number }
  | { kind: 'ambiguous'; reason: string }
  | { kind: 'unsent'; reason: string };

export interface ConnectionOptions {
  target: SmppTarget;
  /** The bind's system_type, when its SMSC asks for one. */
  systemType?: string;
  /** Patience for any answer we wait on: submit_sm_resp, bind_transceiver_resp, enquire_link_resp. */
  responseTimeoutMs: number;
  enquireLinkMs: number;
  reconnectInitialMs: number;
  reconnectMaxMs: number;
  logger: SmppLogger;
  /**
   * Called for every deliver_sm; its deliver_sm_resp goes out once the promise resolves (the receipt is stored),
   * and never if it rejects or the link ended meanwhile: the SMSC then sends it again.
   */
  onDeliver(pdu: Pdu): void | Promise<void>;
  /** How long an answer that came after our timer is still taken as a late answer (until the link drops). */
  lateAnswerMs?: number;
}

/** The answer to a submit_sm that came after its timer made it ambiguous. */
export type LateAnswer = { kind: 'accepted'; messageId: string } | { kind: 'refused'; commandStatus: number };

export interface SmppConnection {
  /** True once bound, false if the link is not bound within timeoutMs or is closed. */
  whenBound(timeoutMs: number): Promise<boolean>;
  /** Bound now. */
  isBound(): boolean;
  /** `onLate` hears the answer to a submit_sm that timed out, if the SMSC still gives one on the same link. */
  submit(fields: Record<string, unknown>, onLate?: (answer: LateAnswer) => void): Promise<PartResult>;
  /** deliver_sm read but not yet answered (their storing is under way). */
  unanswered(): number;
  /** Stops (true) or resumes reading PDUs: at a stop, what was read is stored and answered before we unbind. */
  pauseReading(paused: boolean): void;
  close(): Promise<void>;
}

interface Link {
  session: Session;
  bound: boolean;
  pending: Map<number, (result: PartResult) => void>;
  /** Submits whose timer ran out, by sequence number: their answer may still come on this link. */
  late: Map<number, (answer: LateAnswer) => void>;
  timers: Set<NodeJS.Timeout>;
}

const UNBIND_GRACE_MS = 1000;
const LATE_ANSWER_MS = 10 * 60_000;
export const NOT_CONNECTED = 'not connected to the SMSC';

export function createSmppConnection(options: ConnectionOptions): SmppConnection {
  const { target, logger, responseTimeoutMs } = options;
  let link: Link | null = null;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reading = true;
  let unanswered = 0;
  const bindWaiters = new Set<() => void>();

  const wakeBindWaiters = () => {
    for (const wake of bindWaiters) wake();
    bindWaiters.clear();
  };

  // A timer that dies with its link, so nothing of a dropped connection fires later.
  const after = (current: Link, ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      current.timers.delete(timer);
      fn();
    }, ms);
    current.timers.add(timer);
    return timer;
  };

  function connect(): void {
    reconnectTimer = undefined;
    if (closed) return;
    const session = smpp.connect({ host: target.host, port: target.port });
    const current: Link = { session, bound: false, pending: new Map(), late: new Map(), timers: new Set() };
    link = current;
    if (!reading) session.pause();
    // Covers an unreachable host as well as an SMSC that never answers the bind.
    const bindTimer = after(current, responseTimeoutMs, () => {
      logger.warn('SMPP connect/bind timed out', { host: target.host, port: target.port, timeoutMs: responseTimeoutMs });
      session.destroy();
    });
    session.on('connect', () => {
      coalesceWrites(session.socket);
      session.bind_transceiver({ system_id: target.systemId, password: target.password, system_type: options.systemType ?? '' }, (resp) => {
        clearTimeout(bindTimer);
        current.timers.delete(bindTimer);
        if (resp.command_status !== STATUS.ESME_ROK) {
          logger.warn('SMPP bind refused', { systemId: target.systemId, commandStatus: statusName(resp.command_status) });
          session.destroy();
          return;
        }
        current.bound = true;
        attempt = 0;
        logger.info('SMPP bound', { host: target.host, port: target.port, systemId: target.systemId });
        keepAlive(current);
        wakeBindWaiters();
      });
    });
    // The package emits a parse failure as 'error' without closing; close so the link starts afresh.
    session.on('error', (error: Error) => {
      logger.warn('SMPP connection error', { error: error.message });
      session.destroy();
    });
    session.on('close', () => dropped(current));
    session.on('submit_sm_resp', (pdu: Pdu) => settle(current, pdu));
    session.on('generic_nack', (pdu: Pdu) => settle(current, pdu));
    session.on('deliver_sm', (pdu: Pdu) => deliver(current, pdu));
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      logger.warn('SMSC unbound us', {});
      current.bound = false;
      session.send(pdu.response());
      session.close();
    });
  }

  // A half-open TCP link looks healthy until something is written: an unanswered enquire_link ends it.
  function keepAlive(current: Link): void {
    after(current, options.enquireLinkMs, () => {
      const deadline = after(current, responseTimeoutMs, () => {
        logger.warn('SMPP enquire_link unanswered, reconnecting', { timeoutMs: responseTimeoutMs });
        current.session.destroy();
      });
      current.session.enquire_link({}, () => {
        clearTimeout(deadline);
        current.timers.delete(deadline);
        keepAlive(current);
      });
    });
  }

  // Store before acknowledging: an SMSC resends a deliver_sm it has no answer to, so one we lose in a crash
  // (read, not yet stored) comes back; one answered before it was stored would be lost for good.
  function deliver(current: Link, pdu: Pdu): void {
    unanswered += 1;
    const answer = () => {
      unanswered -= 1;
      if (link === current && !current.session.socket.destroyed) current.session.send(pdu.response());
    };
    let stored: void | Promise<void>;
    try {
      stored = options.onDeliver(pdu);
    } catch (error) {
      unanswered -= 1;
      logger.warn('SMPP deliver_sm not taken, left for the SMSC to resend', { error: (error as Error).message });
      return;
    }
    if (!stored) return answer();
    stored.then(answer, (error: unknown) => {
      unanswered -= 1;
      logger.warn('SMPP deliver_sm not stored, left for the SMSC to resend', { error: String(error) });
    });
  }

  function settle(current: Link, pdu: Pdu): void {
    const answer: LateAnswer =
      pdu.command === 'submit_sm_resp' && pdu.command_status === STATUS.ESME_ROK
        ? { kind: 'accepted', messageId: pdu.message_id ?? '' }
        : { kind: 'refused', commandStatus: pdu.command_status };
    const resolve = current.pending.get(pdu.sequence_number);
    if (resolve) return resolve(answer);
    // After our timer: the submit is ambiguous to the dispatcher, but the SMSC's word still settles it.
    const late = current.late.get(pdu.sequence_number);
    if (!late) return; // not one of ours
    current.late.delete(pdu.sequence_number);
    late(answer);
  }

  function dropped(current: Link): void {
    for (const timer of current.timers) clearTimeout(timer);
    current.timers.clear();
    if (current.bound && !closed) logger.warn('SMPP connection lost', { pending: current.pending.size });
    current.bound = false;
    // The package forgets its callbacks here; whether these PDUs reached the SMSC is unknowable.
    for (const resolve of [...current.pending.values()]) {
      resolve({ kind: 'ambiguous', reason: 'the SMPP connection dropped before submit_sm_resp' });
    }
    current.late.clear();
    if (link !== current) return;
    link = null;
    if (closed) return;
    const delay = backoffDelay(attempt, options.reconnectInitialMs, options.reconnectMaxMs);
    attempt += 1;
    reconnectTimer = setTimeout(connect, delay);
  }

  function submit(fields: Record<string, unknown>, onLate?: (answer: LateAnswer) => void): Promise<PartResult> {
    const current = link;
    if (closed || !current?.bound) return Promise.resolve({ kind: 'unsent', reason: NOT_CONNECTED });
    const pdu = new smpp.PDU('submit_sm', fields);
    // No response callback: the package would keep it forever for a PDU never answered.
    if (!current.session.send(pdu)) return Promise.resolve({ kind: 'unsent', reason: NOT_CONNECTED });
    const sequence = pdu.sequence_number;
    return new Promise((resolve) => {
      const timer = after(current, responseTimeoutMs, () => {
        finish({ kind: 'ambiguous', reason: `no submit_sm_resp within ${responseTimeoutMs} ms` });
        if (!onLate) return;
        current.late.set(sequence, onLate);
        after(current, options.lateAnswerMs ?? LATE_ANSWER_MS, () => current.late.delete(sequence));
      });
      const finish = (result: PartResult) => {
        clearTimeout(timer);
        current.timers.delete(timer);
        current.pending.delete(sequence);
        resolve(result);
      };
      current.pending.set(sequence, finish);
    });
  }

  function whenBound(timeoutMs: number): Promise<boolean> {
    if (closed) return Promise.resolve(false);
    if (link?.bound) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        bindWaiters.delete(wake);
        resolve(!closed && link?.bound === true);
      };
      const timer = setTimeout(wake, timeoutMs);
      bindWaiters.add(wake);
    });
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    clearTimeout(reconnectTimer);
    wakeBindWaiters();
    const current = link;
    if (!current) return;
    const ended = new Promise<void>((resolve) => current.session.once('close', () => resolve()));
    if (current.bound) {
      // Read again to hear unbind_resp; a deliver_sm that comes meanwhile is left unanswered, for the SMSC to resend.
      current.session.resume();
      // Answers to PDUs in flight usually come before unbind_resp, so waiting for it settles them.
      const unbound = new Promise<void>((resolve) => {
        if (!current.session.unbind({}, () => resolve())) resolve();
      });
      const grace = new Promise<void>((resolve) => after(current, UNBIND_GRACE_MS, resolve));
      await Promise.race([unbound, grace, ended]);
    }
    current.session.close();
    const forced = setTimeout(() => current.session.destroy(), UNBIND_GRACE_MS);
    await ended;
    clearTimeout(forced);
  }

  function pauseReading(paused: boolean): void {
    reading = !paused;
    if (paused) link?.session.pause();
    else link?.session.resume();
  }

  connect();
  return { whenBound, isBound: () => !closed && link?.bound === true, submit, close, pauseReading, unanswered: () => unanswered };
}
