// The reporting schema: every type file registers itself on the builder, then the schema is built.
import { builder } from '../builder.ts';
import './service-status.ts';
import './wallet.ts';
import './campaigns.ts';
import './messages.ts';

export const schema = builder.toSchema();
