// Every entity the ORM knows: the aggregates a request reads and writes a few rows of. Set-based statements
// (sending, feeding, quoting, importing, reports) stay SQL in their area's query module.
import { Organization } from './organization.ts';

// Organizations, price plans, top-up requests.

// Members, API keys, sender IDs.

// Contacts, groups.
import { Contact } from './contact.ts';
import { Group } from './group.ts';

// Webhook endpoints.

export const ENTITIES = [
  Organization,
  // Organizations, price plans, top-up requests.

  // Members, API keys, sender IDs.

  // Contacts, groups.
  Contact,
  Group,

  // Webhook endpoints.

];
