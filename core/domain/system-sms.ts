// Messages the platform sends for itself through its own dispatch (reset and verification codes): who sends them,
// their words, and how a code is kept out of what outlives the send.
import type { CodePurpose } from './one-time-codes.ts';

/** The platform's own organization (migration 0026): its messages are the system messages, charged to nobody. */
export const PLATFORM_ORGANIZATION_ID = '00000000-0000-7000-8000-000000000001';

/** The sender ID the platform's messages show on handsets. */
export const PLATFORM_SENDER = 'Ujumbe';

/**
 * Receipts quote the first 20 characters of a message (SMPP's `text:` field), and a receipt the client cannot
 * read is logged with its text: a code never stands within them.
 */
export const RECEIPT_EXCERPT_CHARS = 20;

/** System messages per member and per number an hour: a code a few times over, never a flood. */
export const SYSTEM_SMS_PER_HOUR = 5;

/** A system message not handed to the SMSC in this time is no use: its code is dead by then. */
export const SYSTEM_SMS_TTL_MS = 15 * 60_000;

const WORDING: Record<CodePurpose, (code: string) => string> = {
  password_reset: (code) => `Ujumbe password reset. Your code: ${code}. It expires in 15 minutes. Nobody from Ujumbe will ask you for it.`,
  phone_verification: (code) => `Ujumbe phone check. Your code: ${code}. It expires in 15 minutes. Nobody from Ujumbe will ask you for it.`,
};

/** The text of a code's SMS: plain ASCII (any route carries it), one segment, the code past the receipt's excerpt. */
export function codeSmsText(purpose: CodePurpose, code: string): string {
  return WORDING[purpose](code);
}

/** What is kept of a code's SMS once it has left the queue: its words, every code masked. */
export function redactedSmsText(purpose: CodePurpose): string {
  return WORDING[purpose]('******');
}
