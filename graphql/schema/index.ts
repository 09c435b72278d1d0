// The reporting schema: one file a type, each registering itself on the builder (a query field lives with the
// type it answers), then the schema is built.
import { printSchema } from 'graphql';
import { builder } from '../builder.ts';
import './cents.ts';
import './date-time.ts';
import './service-status.ts';
import './wallet.ts';
import './ledger-entry.ts';
import './message.ts';
import './inbound-message.ts';
import './campaign.ts';
import './sender-id.ts';
import './audit-event.ts';
import './report-row.ts';

export const schema = builder.toSchema();

/** The schema as graphql/schema.graphql holds it (`npm run graphql:schema` writes it; a test compares). */
export const printedSchema = (): string => `${printSchema(schema)}\n`;
