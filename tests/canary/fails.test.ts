// Run only by .ci/run (UJUMBE_CANARY=1): proves that a failing test, after the database is up, fails `npm test`.
import { expect, it } from 'vitest';
import { setupTestEnv } from '../support/app.ts';

const env = await setupTestEnv();

it('fails on purpose', async () => {
  const [row] = await env.sql<{ one: number }>('select 1 as one');
  expect(row?.one, 'canary: this assertion fails on purpose').toBe(2);
});
