// Failure reasons in plain words: every code the dispatcher, the receipt parser and the service itself can write
// has a sentence in English and in Kiswahili, the stored text is read back as its code, and a code the tables do
// not hold gets a general sentence that names it.
import { describe, expect, it } from 'vitest';
import { commandStatusName, SMPP_COMMAND_STATUSES } from '../../core/domain/smpp-status.ts';
import { MESSAGE_STATE_STATS, parseDeliveryReceipt, RECEIPT_EFFECTS } from '../../core/domain/delivery-receipt.ts';
import {
  explainFailure, notSentReason, partlySentReason, receiptFailureReason, SERVICE_FAILURE_REASONS, submitRefusedReason,
} from '../../core/domain/failure-reasons.ts';
import { RECEIPT_ERROR_SENTENCES, RECEIPT_STAT_SENTENCES, SERVICE_SENTENCES, SUBMIT_SENTENCES, type Sentence } from '../../core/domain/failure-sentences.ts';

/** A sentence a customer can read: both languages written, different, and ending as a sentence does. */
function expectPlain(sentence: Sentence | undefined, what: string): void {
  expect(sentence, `${what} has no sentence`).toBeDefined();
  for (const text of [sentence!.en, sentence!.sw]) {
    expect(text.length, what).toBeGreaterThan(20);
    expect(text, what).toMatch(/\.$/);
    expect(text, what).not.toMatch(/ESME_|submit_sm|SMSC/);
  }
  expect(sentence!.sw, what).not.toBe(sentence!.en);
}

describe('submit refusals', () => {
  const refusals = Object.entries(SMPP_COMMAND_STATUSES).filter(([, name]) => name !== 'ESME_ROK');

  it.each(refusals)('command_status %s (%s) has a sentence in both languages, and the stored reason reads back as its name', (status, name) => {
    expectPlain(SUBMIT_SENTENCES[name], name);
    for (const which of ['', 'part 2 of 3: ']) {
      const explained = explainFailure(submitRefusedReason(Number(status), which));
      expect(explained).toEqual({ code: name, ...SUBMIT_SENTENCES[name] });
    }
  });

  it('the common ones say what the customer can do', () => {
    expect(explainFailure(submitRefusedReason(0x0b))!.en).toMatch(/number is not valid; check it/);
    expect(explainFailure(submitRefusedReason(0x0b))!.sw).toMatch(/namba si sahihi/);
    expect(explainFailure(submitRefusedReason(0x58))!.en).toMatch(/again in a few minutes/);
    expect(explainFailure(submitRefusedReason(0x0a))!.en).toMatch(/sender ID/);
  });

  it('a status SMPP 3.4 does not name gets the general sentence, naming the code in both languages', () => {
    expect(commandStatusName(0x400)).toBe('0x00000400');
    const explained = explainFailure(submitRefusedReason(0x400))!;
    expect(explained.code).toBe('0x00000400');
    expect(explained.en).toContain('0x00000400');
    expect(explained.sw).toContain('0x00000400');
  });
});

describe('receipts', () => {
  // What the parser can make a failed or undelivered message of: a stat whose effect is one of those two.
  const failing = Object.entries(RECEIPT_EFFECTS).filter(([, effect]) => effect === 'failed' || effect === 'undelivered').map(([stat]) => stat);
  const tlvStats = Object.entries(MESSAGE_STATE_STATS).filter(([, stat]) => failing.includes(stat));

  it('the failing stats are the ones expected', () => {
    expect(failing.sort()).toEqual(['DELETED', 'EXPIRED', 'REJECTD', 'REJECTED', 'UNDELIV', 'UNDELIVERABLE']);
  });

  it.each(failing)('stat %s, with and without an err the table does not hold, has its sentence', (stat) => {
    expectPlain(RECEIPT_STAT_SENTENCES[stat], stat);
    for (const err of [null, '000', 'zz9']) {
      const receipt = parseDeliveryReceipt({ text: `id:77 sub:001 dlvrd:000 stat:${stat}${err ? ` err:${err}` : ''} text:Habari`, receiptedMessageId: null, messageState: null })!;
      const explained = explainFailure(receiptFailureReason(receipt.rawStatus, receipt.errorCode))!;
      expect(explained.en, `${stat} ${err}`).toBe(RECEIPT_STAT_SENTENCES[stat]!.en);
      expect(explained.sw).toBe(RECEIPT_STAT_SENTENCES[stat]!.sw);
      expect(explained.code).toBe(err === null ? stat : `${stat} err ${err === '000' ? '0' : err}`);
    }
  });

  it.each(tlvStats)('message_state %s (%s) from the TLV has its sentence', (state, stat) => {
    const receipt = parseDeliveryReceipt({ text: null, receiptedMessageId: '77', messageState: Number(state) })!;
    expect(explainFailure(receiptFailureReason(receipt.rawStatus, receipt.errorCode))).toEqual({ code: stat, ...RECEIPT_STAT_SENTENCES[stat] });
  });

  it('UNKNOWN, which fails no message but may stand beside one, has its sentence too', () => {
    expectPlain(RECEIPT_STAT_SENTENCES['UNKNOWN'], 'UNKNOWN');
  });

  it.each(Object.keys(RECEIPT_ERROR_SENTENCES))('err %s is more precise than the stat, written with or without leading zeros', (err) => {
    expectPlain(RECEIPT_ERROR_SENTENCES[err], `err ${err}`);
    for (const written of [err, err.padStart(3, '0')]) {
      expect(explainFailure(receiptFailureReason('UNDELIV', written))).toEqual({ code: `UNDELIV err ${err}`, ...RECEIPT_ERROR_SENTENCES[err] });
    }
  });

  it('an unknown subscriber is the number that does not exist', () => {
    expect(explainFailure(receiptFailureReason('UNDELIV', '001'))).toMatchObject({
      en: 'The number does not exist or is switched off for good; check it.',
      sw: 'Namba haipo au imezimwa kabisa; ihakiki.',
    });
  });

  it('a stat the tables do not hold gets the general sentence naming it', () => {
    const explained = explainFailure(receiptFailureReason('NOPE', null))!;
    expect(explained.code).toBe('NOPE');
    expect(explained.en).toContain('NOPE');
    expect(explained.sw).toContain('NOPE');
  });
});

describe("the service's own failures", () => {
  it.each(Object.entries(SERVICE_FAILURE_REASONS))('%s: "%s" reads back as its code, with its sentence', (code, reason) => {
    expectPlain(SERVICE_SENTENCES[code], code);
    expect(explainFailure(reason)).toEqual({ code, ...SERVICE_SENTENCES[code] });
  });

  it('a message the dispatcher could not encode, and one whose later part could not go', () => {
    expect(explainFailure(notSentReason('Error: bad body'))).toEqual({ code: 'not_sent', ...SERVICE_SENTENCES['not_sent'] });
    for (const sent of [1, 2]) {
      expect(explainFailure(partlySentReason('part 3 of 3: ', 'not connected to the SMSC', sent))).toEqual({ code: 'partly_sent', ...SERVICE_SENTENCES['partly_sent'] });
    }
    expectPlain(SERVICE_SENTENCES['not_sent'], 'not_sent');
    expectPlain(SERVICE_SENTENCES['partly_sent'], 'partly_sent');
  });

  it('no reason is no explanation; text in no form the service writes is unexplained, in plain words', () => {
    expect(explainFailure(null)).toBeNull();
    expect(explainFailure('')).toBeNull();
    expect(explainFailure('something else happened')).toEqual({ code: 'unexplained', ...SERVICE_SENTENCES['unexplained'] });
    expectPlain(SERVICE_SENTENCES['unexplained'], 'unexplained');
  });
});
