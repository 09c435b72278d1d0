// graphql/schema.graphql is what tools and saved queries read: it must be the schema the service serves.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../../graphql/schema/index.ts';

describe('graphql/schema.graphql', () => {
  it('is the printed schema (run `npm run graphql:schema` after a change)', () => {
    const printed = fs.readFileSync(new URL('../../graphql/schema.graphql', import.meta.url), 'utf8');
    expect(printed, 'graphql/schema.graphql is stale: run npm run graphql:schema').toBe(printedSchema());
  });
});
