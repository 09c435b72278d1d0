// Every entity the ORM knows: the aggregates a request reads and writes a few rows of. Set-based statements
// (sending, feeding, quoting, importing, reports) stay SQL in their area's query module.
import { Organization } from './organization.ts';

// Organizations, price plans, top-up requests.
import { PricePlan } from './price-plan.ts';
import { TopUpRequest } from './top-up-request.ts';

// Members, API keys, sender IDs.
import { Member } from './member.ts';
import { ApiKey } from './api-key.ts';
import { SenderId } from './sender-id.ts';

// Contacts, groups, contact fields.
import { Contact } from './contact.ts';
import { Group } from './group.ts';
import { ContactField } from './contact-field.ts';

// Webhook endpoints.
import { WebhookEndpoint } from './webhook-endpoint.ts';

export const ENTITIES = [
  Organization,
  // Organizations, price plans, top-up requests.
  PricePlan,
  TopUpRequest,

  // Members, API keys, sender IDs.
  Member,
  ApiKey,
  SenderId,

  // Contacts, groups, contact fields.
  Contact,
  Group,
  ContactField,

  // Webhook endpoints.
  WebhookEndpoint,
];
