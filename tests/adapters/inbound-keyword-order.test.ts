// A STOP and a START from one number arriving together (an SMSC delivers what it queued during an outage back to
// back): the second waits for the first to commit, sees what it did, and is timed after it. Without that, the START
// read no opt-out (the STOP's was not yet committed), cleared nothing, and the number stayed opted out although its
// last word was START.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrg, setupTestEnv, waitForLockWaiters, type OrgFixture, type TestEnv } from '../support/app.ts';
import { assignNumber, receive } from '../support/inbound-messages.ts';

let env: TestEnv;
let org: OrgFixture;
let code: string;

beforeAll(async () => {
  env = await setupTestEnv();
  org = await createOrg(env, { keys: {} });
  code = await assignNumber(env, org.id);
});

const keywordsOf = (phone: string) =>
  env.sql<{ body: string; keyword: string; received_at: Date }>('select body, keyword, received_at from inbound_messages where from_phone = ? order by received_at, id', [phone]);
const activeOptOuts = (phone: string) => env.sql('select id from opt_outs where organization_id = ? and phone = ? and cleared_at is null', [org.id, phone]);

describe('keywords from one number at once', () => {
  it('a START that comes while a STOP is being stored waits for it, then clears its opt-out', async () => {
    const phone = '+255754300001';
    let stop!: Promise<unknown>;
    let start!: Promise<unknown>;
    // The outbox held: the STOP writes its opt-out, then waits to add its event, uncommitted.
    await env.orm.em.fork().transactional(async (em) => {
      await em.execute('lock table outbox_events in share row exclusive mode');
      stop = receive(env, { from: phone, to: code, body: 'STOP' });
      await waitForLockWaiters(env, 1);
      start = receive(env, { from: phone, to: code, body: 'START' });
      await waitForLockWaiters(env, 2);
    });
    await Promise.all([stop, start]);
    expect((await keywordsOf(phone)).map((m) => [m.body, m.keyword])).toEqual([['STOP', 'opt_out'], ['START', 'opt_in']]);
    expect(await activeOptOuts(phone)).toEqual([]);
    const cleared = await env.sql('select clear_reason from opt_outs where organization_id = ? and phone = ? and cleared_at is not null', [org.id, phone]);
    expect(cleared).toHaveLength(1);
  });
});
