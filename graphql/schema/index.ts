// The reporting schema: every type file registers itself on the builder, then the schema is built.
import { printSchema } from 'graphql';
import { builder } from '../builder.ts';
import './service-status.ts';
import './wallet.ts';
import './campaigns.ts';
import './messages.ts';
import './sender-ids.ts';
import './audit-events.ts';
import './delivery-report.ts';

export const schema = builder.toSchema();

/** The schema as graphql/schema.graphql holds it (`npm run graphql:schema` writes it; a test compares). */
export const printedSchema = (): string => `${printSchema(schema)}\n`;
