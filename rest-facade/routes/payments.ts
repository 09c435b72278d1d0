// The mobile-money aggregator's callback: public (no key, no session), trusted only through the signature over
// its raw body (core/app/payments/receive-notice.ts).
import type { AnyRoute } from '../route.ts';
import { ok, publicRoute } from '../route.ts';
import { receiveMobileMoneyNotice } from '../../core/app/payments/receive-notice.ts';
import { rawBodyOf } from '../../core/transport/json-body.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';

export const paymentRoutes: AnyRoute[] = [
  publicRoute({
    method: 'post',
    path: REST_PATHS.receiveMobileMoneyNotice,
    operationId: 'receiveMobileMoneyNotice',
    summary:
      "The mobile-money aggregator's notice of a push payment's result or of a payment to the paybill, signed with the shared callback secret (x-callback-signature: sha256=<hex HMAC-SHA256 of the raw body>); unsigned or wrongly signed is 401 and changes nothing; a proven notice is answered 200 once it is stored, duplicate or not",
    tag: 'payments',
    access: 'public',
    extension: true,
    handler: async ({ ctx, req }) => ok(await receiveMobileMoneyNotice(ctx, req.headers, rawBodyOf(req))),
  }),
];
