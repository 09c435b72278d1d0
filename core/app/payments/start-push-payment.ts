// POST /v1/wallet/top-ups (method mobile_money with a provider), wallet.startMobileMoneyTopUp: the payer's wallet
// gets a PIN prompt. The push payment is stored, pending, before the aggregator is asked, so that whatever
// happens next (a crash, no answer) it is asked about by the status task and never started twice; the
// idempotency record commits with it, and a replay answers the same payment as it stands.
import type { Access } from '../../domain/access.ts';
import type { Ctx } from '../context.ts';
import type { TenantActor } from '../actor.ts';
import type { IdempotentRequest } from '../idempotency.ts';
import { requireGateway } from './gateway.ts';
import { DomainError, unwrap } from '../../domain/errors.ts';
import { normalizeTanzanianMobile } from '../../domain/phone.ts';
import { checkProviderForPhone, nextStatusCheckAt } from '../../domain/mobile-money.ts';
import { tzsToCents } from '../../domain/push-payments.ts';
import { keptValue, withIdempotency } from '../idempotency.ts';
import { newId } from '../../db/ids.ts';
import { insertPushTopUp, recordTransactionId } from '../../db/payments/push-payments.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findTopUp, topUpView } from '../wallet/top-ups/top-up-view.ts';
import { endPushPayment } from './end-push-payment.ts';
import { type TStartPushTopUpBody } from '../../inputs/wallet.ts';

/** Members only: keys never top up the wallet (SPEC Authentication 4). */
export const access: Access = { scopes: [], permission: 'wallet.top_up' };

/** The refusal of a push payment sent without a key, naming the key as the adapter takes it. */
export const pushNeedsKey = (keyName: string) =>
  new DomainError('invalid_request', `A mobile-money top-up needs an ${keyName}, so that a retry never prompts the payer twice.`, { field: keyName });

export async function startPushPayment(ctx: Ctx, actor: TenantActor, body: TStartPushTopUpBody, idempotency: IdempotentRequest) {
  const phone = unwrap(normalizeTanzanianMobile(body.phone, 'phone'));
  unwrap(checkProviderForPhone(body.provider, phone));
  const gateway = requireGateway(ctx);
  const amount = tzsToCents(body.amount_tzs);
  const started = await withIdempotency(
    ctx,
    idempotency.scope,
    async (tx) => {
      const id = newId();
      await insertPushTopUp(tx.em, {
        id,
        organizationId: actor.organizationId,
        amount,
        provider: body.provider,
        payerPhone: phone,
        requestedByMemberId: actor.kind === 'member' ? actor.memberId : null,
        at: tx.now,
        nextStatusCheckAt: nextStatusCheckAt(tx.now, tx.now, 0),
      });
      await recordAudit(tx, actor, {
        organizationId: actor.organizationId,
        action: 'wallet.mobile_money_started',
        targetType: 'top_up_request',
        targetId: id,
        details: { amount: Number(amount), provider: body.provider },
      });
      return { top_up_id: id };
    },
  );
  if (started.replay) {
    const { top_up_id } = keptValue<{ top_up_id: string }>(started.kept);
    return { top_up: topUpView(await findTopUp(ctx, top_up_id)), replay: true };
  }
  const id = started.value.top_up_id;
  const answer = await gateway.checkout({ provider: body.provider, phone, amountTzs: body.amount_tzs, externalId: id });
  const after = { ...ctx, now: await ctx.deps.clock.now() };
  if (answer.kind === 'accepted') await recordTransactionId(after.em, id, answer.transactionId, after.now);
  // Refused for good: nothing will be paid. In doubt: the payer may still be prompted; the status task asks.
  if (answer.kind === 'refused') await endPushPayment(after, { id }, { event: 'fail', code: 'refused', reason: answer.reason, source: 'checkout' });
  return { top_up: topUpView(await findTopUp(after, id)), replay: false };
}
