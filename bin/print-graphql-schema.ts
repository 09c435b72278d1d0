// `npm run graphql:schema`: writes the reporting schema to graphql/schema.graphql (a test fails when it is stale).
import fs from 'node:fs';
import { printedSchema } from '../graphql/schema/index.ts';

const file = new URL('../graphql/schema.graphql', import.meta.url);
fs.writeFileSync(file, printedSchema());
process.stdout.write(`${JSON.stringify({ written: 'graphql/schema.graphql' })}\n`);
