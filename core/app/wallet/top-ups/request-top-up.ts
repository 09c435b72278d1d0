// POST /v1/wallet/top-ups: a member says what it paid in (amount, how, the payment's reference) and asks to be
// credited. The request moves no money: only the operator's credit against it does (credit-top-up.ts).
import { z } from 'zod';
import type { Access } from '../../../domain/access.ts';
import type { Ctx } from '../../context.ts';
import type { TenantActor } from '../../actor.ts';
import { inTransaction } from '../../context.ts';
import { DomainError } from '../../../domain/errors.ts';
import { MAX_TOP_UP_REQUEST_CENTS, TOP_UP_METHODS } from '../../../domain/top-up-requests.ts';
import { newId } from '../../../db/ids.ts';
import { exec, isUniqueViolation } from '../../../db/sql.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { findTopUp, topUpView } from './top-up-view.ts';

/** Members only: keys never top up the wallet (SPEC Authentication 4). */
export const access: Access = { scopes: [], permission: 'wallet.top_up' };

const AMOUNT = `amount is a whole number of cents from 1 to ${MAX_TOP_UP_REQUEST_CENTS} (TZS ${MAX_TOP_UP_REQUEST_CENTS / 100})`;

const REFERENCE = 'reference is the reference the bank or mobile-money operator gave the payment, 1 to 100 characters';

export const ZRequestTopUpBody = z.strictObject({
  amount: z.number({ message: AMOUNT }).int({ message: AMOUNT }).min(1, { message: AMOUNT }).max(MAX_TOP_UP_REQUEST_CENTS, { message: AMOUNT }),
  method: z.enum(TOP_UP_METHODS, { message: `method is one of ${TOP_UP_METHODS.join(', ')}` }),
  reference: z.string().trim().min(1, { message: REFERENCE }).max(100, { message: REFERENCE }),
  note: z.string().trim().max(500).nullable().optional(),
});
export type TRequestTopUpBody = z.infer<typeof ZRequestTopUpBody>;

const referenceTaken = () =>
  new DomainError('conflict', 'A top-up request with this reference is already pending or credited: a payment is credited once.', { field: 'reference' });

export async function requestTopUp(ctx: Ctx, actor: TenantActor, body: TRequestTopUpBody) {
  return inTransaction(ctx, async (tx) => {
    const id = newId();
    await exec(
      tx.em,
      `insert into top_up_requests (id, organization_id, amount, method, reference, note, requested_by_member_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, actor.organizationId, body.amount, body.method, body.reference, body.note || null, actor.kind === 'member' ? actor.memberId : null, tx.now, tx.now],
    ).catch((err: unknown) => {
      throw isUniqueViolation(err, 'top_up_requests_reference') ? referenceTaken() : err;
    });
    await recordAudit(tx, actor, {
      organizationId: actor.organizationId,
      action: 'wallet.top_up_requested',
      targetType: 'top_up_request',
      targetId: id,
      details: { amount: body.amount, method: body.method, reference: body.reference },
    });
    return { top_up: topUpView(await findTopUp(tx, id)) };
  });
}
