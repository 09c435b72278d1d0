// An organization's account number at the paybill: made the first time it is asked for, the same ever after.
import type { Ctx } from '../context.ts';
import { paymentReferenceFor } from '../../domain/mobile-money.ts';
import { findPaymentReference, insertPaymentReference } from '../../db/payments/payment-references.ts';

/** Candidates tried before giving up: ten clashes in a space of nine million would mean something is wrong. */
const CANDIDATES = 10;

export async function paymentReferenceOf(ctx: Ctx, organizationId: string): Promise<string> {
  const kept = await findPaymentReference(ctx.em, organizationId);
  if (kept) return kept;
  for (let salt = 0; salt < CANDIDATES; salt += 1) {
    if (await insertPaymentReference(ctx.em, organizationId, paymentReferenceFor(organizationId, salt), ctx.now)) return paymentReferenceFor(organizationId, salt);
    // Refused: this organization got one meanwhile (a second request at the same moment), or the number is taken.
    const now = await findPaymentReference(ctx.em, organizationId);
    if (now) return now;
  }
  throw new Error(`no free payment reference for organization ${organizationId} after ${CANDIDATES} candidates`);
}
