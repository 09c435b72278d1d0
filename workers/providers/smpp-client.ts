// The SmsProvider port over SMPP 3.4: each message goes out as one submit_sm per part; receipts and messages from
// handsets come in as deliver_sm.
import type { Pdu } from 'smpp';
import type { InboundPart, LateAcceptance, OutgoingSms, ProviderReceipt, SmsProvider, SubmitOptions, SubmitOutcome } from '../../core/app/messages/provider.ts';
import { decodeForSmpp, encodeForSmpp, stripUdh } from '../../core/domain/sms-encoding.ts';
import { parseDeliveryReceipt } from '../../core/domain/delivery-receipt.ts';
import { partlySentReason, submitRefusedReason } from '../../core/domain/failure-reasons.ts';
import { createPacer, createSemaphore, createThrottleGate } from './flow-control.ts';
import { createSmppConnection, NOT_CONNECTED, type LateAnswer, type PartResult, type SmppLogger } from './smpp-connection.ts';
import { inboundPartOf } from './smpp-inbound.ts';
import {
  ESM_CLASS_RECEIPT, keepRawShortMessages, knowSmscMessageRef, messageBytes, NPI_ISDN, NPI_UNKNOWN, parseSmppUrl, STATUS, statusName,
  TON_ALPHANUMERIC, TON_INTERNATIONAL,
} from './smpp-wire.ts';

/** Pauses and periods; the defaults are the production values, tests shorten some of them. */
export interface SmppTiming {
  enquireLinkMs: number;
  reconnectInitialMs: number;
  reconnectMaxMs: number;
  throttleInitialMs: number;
  throttleMaxMs: number;
  /** Resends of one part the SMSC throttled before the part counts as refused. */
  throttleRetries: number;
}

export const DEFAULT_SMPP_TIMING: SmppTiming = {
  enquireLinkMs: 30_000,
  reconnectInitialMs: 500,
  reconnectMaxMs: 30_000,
  throttleInitialMs: 1_000,
  throttleMaxMs: 10_000,
  throttleRetries: 5,
};

export interface SmppProviderOptions {
  /** smpp://system_id:password@host:port */
  url: string;
  /** The bind's system_type (empty by default). */
  systemType?: string;
  tps: number;
  window: number;
  submitTimeoutMs: number;
  logger?: SmppLogger;
  timing?: Partial<SmppTiming>;
}

const consoleLogger: SmppLogger = {
  info: (msg, fields) => console.info(msg, fields ?? {}),
  warn: (msg, fields) => console.warn(msg, fields ?? {}),
};

const THROTTLING: ReadonlySet<number> = new Set([STATUS.ESME_RTHROTTLED, STATUS.ESME_RMSGQFUL]);

export function createSmppProvider(options: SmppProviderOptions): SmsProvider {
  keepRawShortMessages();
  knowSmscMessageRef();
  const timing = { ...DEFAULT_SMPP_TIMING, ...options.timing };
  const given = options.logger ?? consoleLogger;
  let lastError: { message: string; at: Date } | null = null;
  // Every warning is the link's last error for the operator; none carries the password.
  const logger: SmppLogger = {
    info: given.info,
    warn: (msg, fields) => {
      lastError = { message: describe(msg, fields), at: new Date() };
      given.warn(msg, fields);
    },
  };
  const handlers: Array<(receipt: ProviderReceipt) => void | Promise<void>> = [];
  const lateHandlers: Array<(late: LateAcceptance) => void> = [];
  const inboundHandlers: Array<(part: InboundPart) => Promise<void>> = [];
  const target = parseSmppUrl(options.url);
  // Message ids are unique only within one SMSC account: the name every id and receipt of this link carries.
  const smsc = `${target.systemId}@${target.host}:${target.port}`;
  const connection = createSmppConnection({
    target,
    systemType: options.systemType ?? '',
    responseTimeoutMs: options.submitTimeoutMs,
    enquireLinkMs: timing.enquireLinkMs,
    reconnectInitialMs: timing.reconnectInitialMs,
    reconnectMaxMs: timing.reconnectMaxMs,
    logger,
    onDeliver: (pdu) => forwardDeliver(pdu),
  });
  const window = createSemaphore(options.window);
  const pacer = createPacer(options.tps);
  const throttle = createThrottleGate(timing.throttleInitialMs, timing.throttleMaxMs);
  // Concatenation references only need to differ between messages to one handset at the same time.
  let reference = Math.floor(Math.random() * 256);

  /**
   * A receipt or a mobile-originated message: the promise resolves once every handler has it (stored), and only
   * then is it acknowledged to the SMSC. Undefined: acknowledged at once (nothing in it to keep).
   */
  function forwardDeliver(pdu: Pdu): Promise<void> | undefined {
    if (((pdu.esm_class ?? 0) & ESM_CLASS_RECEIPT) !== 0 || pdu.receipted_message_id) return forwardReceipt(pdu);
    const part = inboundPartOf(pdu, smsc, logger);
    if (!part) return undefined;
    // Nobody to store it: left unanswered, for the SMSC to send again.
    if (inboundHandlers.length === 0) return Promise.reject(new Error('no receiver for inbound messages'));
    return Promise.all(inboundHandlers.map((handler) => handler(part))).then(() => undefined);
  }

  function forwardReceipt(pdu: Pdu): Promise<void> | undefined {
    const esmClass = pdu.esm_class ?? 0;
    let text: string | null = null;
    try {
      text = decodeForSmpp(stripUdh(messageBytes(pdu), esmClass).payload, pdu.data_coding ?? 0);
    } catch (error) {
      // The TLVs alone may still name the message and its state.
      logger.warn('SMPP receipt text unreadable', { error: (error as Error).message, dataCoding: pdu.data_coding });
    }
    const parsed = parseDeliveryReceipt({
      text,
      receiptedMessageId: pdu.receipted_message_id ?? null,
      messageState: pdu.message_state ?? null,
    });
    // A receipt's source is the handset the message went to.
    const address = typeof pdu.source_addr === 'string' && /\d/.test(pdu.source_addr) ? pdu.source_addr.replace(/\D/g, '') : null;
    const receipt = parsed && { ...parsed, smsc, address };
    if (!receipt) {
      logger.warn('SMPP receipt without a message id', { text });
      return undefined;
    }
    // Nobody to store it (a dispatcher stopped): left unanswered, for the SMSC to send again.
    if (handlers.length === 0) return Promise.reject(new Error('no receiver for receipts'));
    return Promise.all(handlers.map((handler) => handler(receipt))).then(() => undefined);
  }

  function lateAnswer(sms: OutgoingSms, part: number) {
    return (answer: LateAnswer) => {
      if (answer.kind !== 'accepted') {
        logger.warn('SMSC refused a submit after its timeout', { messageId: sms.messageId, part, commandStatus: statusName(answer.commandStatus) });
        return;
      }
      for (const handler of lateHandlers) handler({ sms, part, providerId: answer.messageId });
    };
  }

  /** One part, resent while the SMSC throttles us; `unsent` only if it never left. */
  async function sendPart(fields: Record<string, unknown>, write: PartWrite): Promise<PartResult | 'withdrawn'> {
    const release = await window.acquire();
    try {
      for (let resends = 0; ; resends += 1) {
        const result = await sendOnce(fields, write);
        if (result === 'withdrawn') return result;
        if (result.kind !== 'refused' || !THROTTLING.has(result.commandStatus)) {
          if (result.kind === 'accepted') throttle.recovered();
          return result;
        }
        throttle.throttled();
        if (resends >= timing.throttleRetries) return result;
        logger.info('SMSC throttled a submit, pausing', { commandStatus: statusName(result.commandStatus), resends });
      }
    } finally {
      release();
    }
  }

  async function sendOnce(fields: Record<string, unknown>, write: PartWrite): Promise<PartResult | 'withdrawn'> {
    const deadline = performance.now() + options.submitTimeoutMs;
    for (;;) {
      // Bind first, then pace: a token taken while disconnected would let a burst out at reconnect.
      if (!(await connection.whenBound(Math.max(0, deadline - performance.now())))) {
        return { kind: 'unsent', reason: NOT_CONNECTED };
      }
      await throttle.wait();
      await pacer.take();
      // The mark that the message may have left is stored before its first byte is written.
      if (write.gate) {
        const go = await write.gate();
        write.gate = undefined;
        if (!go) return 'withdrawn';
      }
      const result = await connection.submit(fields, write.onLate);
      // The link dropped between the bind and the send: nothing left, wait for the next bind.
      if (result.kind !== 'unsent' || performance.now() >= deadline) return result;
    }
  }

  async function submit(sms: OutgoingSms, submitOptions: SubmitOptions = {}): Promise<SubmitOutcome> {
    reference = (reference + 1) & 0xff;
    const encoded = encodeForSmpp(sms.body, sms.encoding, reference);
    const count = encoded.parts.length;
    const providerIds: string[] = [];
    const gate = { gate: submitOptions.beforeWrite };
    // One after the other: a refused part stops the rest, and some SMSCs forward parts in arrival order.
    for (const [index, part] of encoded.parts.entries()) {
      const which = count > 1 ? `part ${index + 1} of ${count}: ` : '';
      const result = await sendPart({
        source_addr_ton: TON_ALPHANUMERIC,
        source_addr_npi: NPI_UNKNOWN,
        source_addr: sms.from,
        dest_addr_ton: TON_INTERNATIONAL,
        dest_addr_npi: NPI_ISDN,
        destination_addr: sms.to.replace(/^\+/, ''),
        esm_class: encoded.esmClass,
        registered_delivery: 1,
        data_coding: encoded.dataCoding,
        short_message: Buffer.from(part),
      }, { ...gate, onLate: lateAnswer(sms, index + 1) });
      gate.gate = undefined;
      if (result === 'withdrawn') return { kind: 'withdrawn' };
      // A refusal or ambiguity after earlier parts were accepted does not recall them: those parts
      // may still reach the handset, which shows them as an incomplete message.
      switch (result.kind) {
        case 'accepted':
          providerIds.push(result.messageId);
          break;
        case 'refused':
          return { kind: 'refused', reason: submitRefusedReason(result.commandStatus, which), commandStatus: result.commandStatus };
        case 'ambiguous':
          return { kind: 'ambiguous', reason: `${which}${result.reason}`, providerIds };
        case 'unsent':
          // Never sent is a property of the whole message: only when no part was written may it go again.
          if (index === 0) return { kind: 'unsent', reason: result.reason };
          return {
            kind: 'refused',
            reason: partlySentReason(which, result.reason, index),
            commandStatus: -1,
          };
      }
    }
    return { kind: 'accepted', providerIds };
  }

  async function drain(timeoutMs: number): Promise<void> {
    connection.pauseReading(true);
    const deadline = performance.now() + timeoutMs;
    while (connection.unanswered() > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    connection.pauseReading(false);
  }

  return {
    smsc,
    partsPerSecond: options.tps,
    submit,
    onReceipt(handler) {
      handlers.push(handler);
      return () => void handlers.splice(handlers.indexOf(handler) >>> 0, 1);
    },
    onInbound(handler) {
      inboundHandlers.push(handler);
      return () => void inboundHandlers.splice(inboundHandlers.indexOf(handler) >>> 0, 1);
    },
    onLateAcceptance(handler) {
      lateHandlers.push(handler);
    },
    drain,
    state: () => ({ bound: connection.isBound(), windowInUse: window.inUse(), window: options.window, lastError }),
    close: () => connection.close(),
  };
}

function describe(msg: string, fields?: object): string {
  const detail = fields && Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : '';
  return `${msg}${detail}`.slice(0, 500);
}

/** The first part's write waits for `gate` (then it is dropped); every part's late answer goes to `onLate`. */
interface PartWrite {
  gate?: (() => Promise<boolean>) | undefined;
  onLate: (answer: LateAnswer) => void;
}
