// The words of a code's SMS: one plain part whose code stands past the 20 characters a receipt quotes (and the
// client logs when it cannot read one), and a kept form with the code masked. Development's mail goes to the log.
import { describe, expect, it } from 'vitest';
import { RECEIPT_EXCERPT_CHARS, codeSmsText, redactedSmsText } from '../../core/domain/system-sms.ts';
import { analyzeBody } from '../../core/domain/segments.ts';
import { logMailer } from '../../core/app/mail/mailer.ts';

describe("a code's SMS", () => {
  for (const purpose of ['password_reset', 'phone_verification'] as const) {
    it(`${purpose}: one part on either route, the code past the receipt's excerpt, masked in the kept form`, () => {
      const text = codeSmsText(purpose, '493817');
      expect(text.indexOf('493817')).toBeGreaterThanOrEqual(RECEIPT_EXCERPT_CHARS);
      for (const route of ['gsm0338', 'ascii'] as const) {
        const analysis = analyzeBody(text, route);
        expect(analysis.ok && analysis.value.segments).toBe(1);
      }
      const kept = redactedSmsText(purpose);
      expect(kept).not.toMatch(/\d{6}/);
      expect(kept).toBe(text.replace('493817', '******'));
    });
  }
});

describe('mail in development', () => {
  it('is written to the log whole, so that a developer can type the code or follow the link', async () => {
    const lines: string[] = [];
    await logMailer((line) => lines.push(line)).send({ to: 'dev@example.com', subject: 'Your code', text: 'Your code: 123456' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).mail).toEqual({ to: 'dev@example.com', subject: 'Your code', text: 'Your code: 123456' });
  });
});
