// Every migration in order; forward only, never edited after it lands.
import { Migration0001Foundation } from './0001-foundation.ts';
import { Migration0002AddressBook } from './0002-address-book.ts';
import { Migration0003Messages } from './0003-messages.ts';
import { Migration0004Campaigns } from './0004-campaigns.ts';
import { Migration0005CsvEscape } from './0005-csv-escape.ts';
import { Migration0006ProviderIdsByMessage } from './0006-provider-ids-by-message.ts';
import { Migration0007RateLimitsOnRealTime } from './0007-rate-limits-on-real-time.ts';
import { Migration0008SignInFailures } from './0008-sign-in-failures.ts';
import { Migration0009MembersPerOrganization } from './0009-members-per-organization.ts';
import { Migration0010ReceiptsBySmsc } from './0010-receipts-by-smsc.ts';
import { Migration0011Webhooks } from './0011-webhooks.ts';
import { Migration0012OutboxTakenAtFanOut } from './0012-outbox-taken-at-fan-out.ts';
import { Migration0013WebhookClaimByEndpoint } from './0013-webhook-claim-by-endpoint.ts';
import { Migration0014MessageRollups } from './0014-message-rollups.ts';
import { Migration0015RollupIdBounds } from './0015-rollup-id-bounds.ts';
import { Migration0016RollupDeltasUnindexed } from './0016-rollup-deltas-unindexed.ts';
import { Migration0017LowBalanceThreshold } from './0017-low-balance-threshold.ts';
import { Migration0018WebhookWrites } from './0018-webhook-writes.ts';
import { Migration0019TopUpRequests } from './0019-top-up-requests.ts';
import { Migration0020HonestDispatch } from './0020-honest-dispatch.ts';
import { Migration0022KeysFollowHolder } from './0022-keys-follow-holder.ts';
import { Migration0023TopUpReferenceKeys } from './0023-top-up-reference-keys.ts';

export const migrationsList = [
  { name: '0001-foundation', class: Migration0001Foundation },
  { name: '0002-address-book', class: Migration0002AddressBook },
  { name: '0003-messages', class: Migration0003Messages },
  { name: '0004-campaigns', class: Migration0004Campaigns },
  { name: '0005-csv-escape', class: Migration0005CsvEscape },
  { name: '0006-provider-ids-by-message', class: Migration0006ProviderIdsByMessage },
  { name: '0007-rate-limits-on-real-time', class: Migration0007RateLimitsOnRealTime },
  { name: '0008-sign-in-failures', class: Migration0008SignInFailures },
  { name: '0009-members-per-organization', class: Migration0009MembersPerOrganization },
  { name: '0010-receipts-by-smsc', class: Migration0010ReceiptsBySmsc },
  { name: '0011-webhooks', class: Migration0011Webhooks },
  { name: '0012-outbox-taken-at-fan-out', class: Migration0012OutboxTakenAtFanOut },
  { name: '0013-webhook-claim-by-endpoint', class: Migration0013WebhookClaimByEndpoint },
  { name: '0014-message-rollups', class: Migration0014MessageRollups },
  { name: '0015-rollup-id-bounds', class: Migration0015RollupIdBounds },
  { name: '0016-rollup-deltas-unindexed', class: Migration0016RollupDeltasUnindexed },
  { name: '0017-low-balance-threshold', class: Migration0017LowBalanceThreshold },
  { name: '0018-webhook-writes', class: Migration0018WebhookWrites },
  { name: '0019-top-up-requests', class: Migration0019TopUpRequests },
  { name: '0020-honest-dispatch', class: Migration0020HonestDispatch },
  { name: '0022-keys-follow-holder', class: Migration0022KeysFollowHolder },
  { name: '0023-top-up-reference-keys', class: Migration0023TopUpReferenceKeys },
];
