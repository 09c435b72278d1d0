// Every entity the ORM knows: the aggregates a request reads and writes a few rows of. Set-based statements
// (sending, feeding, quoting, importing, reports) stay SQL in their area's query module.
import { Organization } from './organization.ts';

// Organizations, price plans, top-up requests.

// Members, API keys, sender IDs.

// Contacts, groups.

// Webhook endpoints.
import { WebhookEndpoint } from './webhook-endpoint.ts';

export const ENTITIES = [
  Organization,
  // Organizations, price plans, top-up requests.

  // Members, API keys, sender IDs.

  // Contacts, groups.

  // Webhook endpoints.
  WebhookEndpoint,
];
