// Wallet balance, ledger, top-up requests and sender IDs.
import { ok, okOrReplay, route } from '../route.ts';
import * as wallet from '../../core/app/wallet/get-wallet.ts';
import * as ledger from '../../core/app/wallet/list-ledger.ts';
import * as threshold from '../../core/app/wallet/set-low-balance-threshold.ts';
import * as requestTopUp from '../../core/app/wallet/top-ups/request-top-up.ts';
import * as topUps from '../../core/app/wallet/top-ups/list-top-ups.ts';
import * as oneTopUp from '../../core/app/wallet/top-ups/get-top-up.ts';
import * as push from '../../core/app/payments/start-push-payment.ts';
import * as details from '../../core/app/payments/payment-details.ts';
import { keptValue, withIdempotency } from '../../core/app/idempotency.ts';
import * as senders from '../../core/app/sender-ids/list-sender-ids.ts';
import * as requestSender from '../../core/app/sender-ids/request-sender-id.ts';
import { z } from 'zod';
import { ZRequestSenderIdBody } from '../../core/inputs/sender-ids.ts';
import {
  ZLedgerExportQuery,
  ZListLedgerQuery,
  ZListTopUpsQuery,
  ZRequestTopUpBody,
  ZStartPushTopUpBody,
  ZTopUpBody,
  ZTopUpIdParam,
  ZWalletSettingsBody,
  isPushTopUpBody,
} from '../../core/inputs/wallet.ts';
import { parseWith } from '../../core/app/validation.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/transport/headers.ts';
import * as ledgerExport from '../../core/app/wallet/export-ledger.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { csvDownload } from '../csv-download.ts';

export const moneyRoutes = [
  route({
    method: 'get',
    path: '/v1/wallet',
    operationId: 'getWallet',
    summary: 'Wallet balance: available, held and frozen, in cents, with the low-balance threshold',
    tag: 'wallet',
    access: wallet.access,
    query: z.strictObject({}),
    handler: async ({ ctx, actor }) => ok(await wallet.getWallet(ctx, actor)),
  }),
  route({
    method: 'patch',
    path: '/v1/wallet',
    operationId: 'updateWallet',
    summary: 'Set the low-balance threshold in cents (null: no alert); falling below it writes wallet.low_balance',
    tag: 'wallet',
    access: threshold.access,
    body: ZWalletSettingsBody,
    handler: async ({ ctx, actor, body }) => ok(await threshold.setLowBalanceThreshold(ctx, actor, body)),
  }),
  route({
    method: 'get',
    path: '/v1/wallet/ledger',
    operationId: 'listLedgerEntries',
    summary: 'Ledger entries, newest first, each with the balance after it',
    tag: 'wallet',
    access: ledger.access,
    query: ZListLedgerQuery,
    handler: async ({ ctx, actor, query }) => ok(await ledger.listLedger(ctx, actor, query)),
  }),
  route({
    method: 'get',
    path: REST_PATHS.exportLedger,
    operationId: 'exportLedger',
    summary: 'Export the ledger entries written in a range of days (Africa/Dar_es_Salaam) as CSV, newest first, amounts in TZS (at most 366 days and 500,000 rows)',
    tag: 'wallet',
    access: ledgerExport.access,
    query: ZLedgerExportQuery,
    produces: 'text/csv',
    handler: ({ ctx, actor, query, req, res }) => csvDownload(req, res, () => ledgerExport.openLedgerExport(ctx, actor, query)),
  }),
  route({
    method: 'post',
    path: '/v1/wallet/top-ups',
    operationId: 'requestTopUp',
    summary:
      'Top up the wallet. By mobile money ({method: mobile_money, provider, phone, amount_tzs}, Idempotency-Key required): the payer gets a PIN prompt and the answer is the top-up, pending, with the aggregator\'s transaction id; it becomes credited (with what was paid) or failed. Or tell the service a payment made elsewhere ({amount in cents, method, reference}): it moves no money until the operator credits it, and a reference a pending or credited request of any organization already has is 409 conflict',
    tag: 'wallet',
    // Each form's own rules decide: the push payment needs the key, the filed request takes it when sent.
    access: requestTopUp.access,
    body: ZTopUpBody,
    idempotency: 'optional',
    ownsIdempotency: true,
    status: 201,
    replayStatus: 200,
    handler: async ({ ctx, actor, body, idempotency }) => {
      if (isPushTopUpBody(body)) {
        const pushBody = parseWith(ZStartPushTopUpBody, body);
        if (!idempotency) throw push.pushNeedsKey(IDEMPOTENCY_KEY_HEADER);
        return okOrReplay(await push.startPushPayment(ctx, actor, pushBody, idempotency));
      }
      const filed = parseWith(ZRequestTopUpBody, body);
      if (!idempotency) return ok(await requestTopUp.requestTopUp(ctx, actor, filed));
      const done = await withIdempotency(ctx, idempotency.scope, (tx) => requestTopUp.requestTopUp(tx, actor, filed));
      // A filed request's replay keeps its first status (201), as before push payments shared this route.
      return done.replay ? { data: keptValue<object>(done.kept), replay: true, status: 201 } : ok(done.value);
    },
  }),
  route({
    method: 'get',
    path: '/v1/wallet/top-ups/:id',
    operationId: 'getTopUp',
    extension: true,
    summary: 'One top-up, to follow a mobile-money payment from pending to credited or failed',
    tag: 'wallet',
    access: oneTopUp.access,
    params: ZTopUpIdParam,
    handler: async ({ ctx, actor, params }) => ok(await oneTopUp.getTopUp(ctx, actor, params.id)),
  }),
  route({
    method: 'get',
    path: '/v1/wallet/payment-details',
    operationId: 'getPaymentDetails',
    extension: true,
    summary: "Where to pay: the paybill number, this organization's account number at it, and the mobile-money wallets a push payment can ask",
    tag: 'wallet',
    access: details.access,
    query: z.strictObject({}),
    handler: async ({ ctx, actor }) => ok(await details.paymentDetails(ctx, actor)),
  }),
  route({
    method: 'get',
    path: '/v1/wallet/top-ups',
    operationId: 'listTopUps',
    summary: 'Top-up requests, newest first, optionally of one status (pending, credited, declined)',
    tag: 'wallet',
    access: topUps.access,
    query: ZListTopUpsQuery,
    handler: async ({ ctx, actor, query }) => ok(await topUps.listTopUps(ctx, actor, query)),
  }),
  route({
    method: 'get',
    path: '/v1/sender-ids',
    operationId: 'listSenderIds',
    summary: "The organization's sender IDs with the service's and the route's approval",
    tag: 'sender-ids',
    access: senders.access,
    query: z.strictObject({}),
    handler: async ({ ctx, actor }) => ok(await senders.listSenderIds(ctx, actor)),
  }),
  route({
    method: 'post',
    path: '/v1/sender-ids',
    operationId: 'requestSenderId',
    summary: 'Ask the service to approve a sender ID',
    tag: 'sender-ids',
    access: requestSender.access,
    body: ZRequestSenderIdBody,
    idempotency: 'optional',
    status: 201,
    handler: async ({ ctx, actor, body }) => ok(await requestSender.requestSenderId(ctx, actor, body)),
  }),
];
