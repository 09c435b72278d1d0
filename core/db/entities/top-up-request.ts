// TopUpRequest: what a member says it paid in, and the operator's one decision on it (migrations 0019 and 0023);
// or a push payment the aggregator answers (migration 0031).
// The table's checks tie each status to the columns it fills; amounts are cents, as bigint.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { TOP_UP_METHODS, TOP_UP_STATUSES } from '../../domain/top-up-requests.ts';
import { MOBILE_MONEY_PROVIDERS, PUSH_FAILURES } from '../../domain/mobile-money.ts';
import { TOP_UP_FLAGS } from '../../domain/push-payments.ts';

export const TopUpRequest = defineEntity({
  name: 'TopUpRequest',
  tableName: 'top_up_requests',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    status: p.enum(TOP_UP_STATUSES),
    amount: p.bigint(),
    method: p.enum(TOP_UP_METHODS),
    reference: p.text(),
    /** The canonical form it is compared by (core/domain/top-up-reference.ts). */
    referenceKey: p.text(),
    /** Filed before references were compared across organizations: the earlier live request with its reference. */
    clashOf: p.uuid().strictNullable(),
    note: p.text().strictNullable(),
    requestedByMemberId: p.uuid().strictNullable(),
    /** What the operator credited, which may differ from what was claimed. */
    creditedAmount: p.bigint().strictNullable(),
    ledgerEntryId: p.uuid().strictNullable(),
    declineReason: p.text().strictNullable(),
    decidedAt: p.datetime().strictNullable(),
    /** A push payment's wallet and payer; null for a request a member filed. */
    provider: p.enum(MOBILE_MONEY_PROVIDERS).strictNullable(),
    payerPhone: p.text().strictNullable(),
    /** The aggregator's id of the payment, once it has given one. */
    transactionId: p.text().strictNullable(),
    failureCode: p.enum(PUSH_FAILURES).strictNullable(),
    failureReason: p.text().strictNullable(),
    /** What the operator must look at: paid a different amount, or paid after a failure or expiry. */
    flag: p.enum(TOP_UP_FLAGS).strictNullable(),
    statusChecks: p.integer(),
    nextStatusCheckAt: p.datetime().strictNullable(),
    lastStatusError: p.text().strictNullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export type TopUpRequest = InferEntity<typeof TopUpRequest>;
