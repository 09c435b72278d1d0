// SMS alerts through Ujumbe itself: the low-balance alert texted when its event leaves the outbox (an organization
// without webhook endpoints too), to each live member who gets it and has a verified phone, in their language, once
// a fall; a top-up's receipt queued in the credit's transaction; the member's choice over tRPC. Every alert is a
// system message of the platform, charged to nobody, that reaches the SMSC simulator like the reset codes.
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../core/app/context.ts';
import { creditWallet } from '../../core/app/wallet/credit-wallet.ts';
import { queueTopUpReceipts } from '../../core/app/wallet/sms-alerts/top-up-receipts.ts';
import { fanOut } from '../../core/app/webhooks/deliveries.ts';
import { applyMovement } from '../../core/db/wallets.ts';
import { hold } from '../../core/domain/ledger.ts';
import { PLATFORM_ORGANIZATION_ID } from '../../core/domain/system-sms.ts';
import { createOrg, exhaustBucket, letRealTimePass, operator, setupTestEnv, type OrgFixture, type TestEnv } from '../support/app.ts';
import { ok, refused, signedIn, trpcApp } from '../support/trpc.ts';
import { startSmsDispatch, textsTo } from '../support/accounts.ts';
import type { SimulatedSubmit } from '../../workers/providers/smsc-simulator.ts';

let env: TestEnv;
let app: Express;
let org: OrgFixture;
let submits: SimulatedSubmit[];
const PAYBILL = '888800';
const REFERENCE = '40512378';

/** Each member's verified phone, by label (the owner without a phone has none). */
const PHONES: Record<string, string> = {
  owner: '+255754500101',
  owner_sw: '+255754500102',
  owner_off: '+255754500103',
  removed: '+255754500104',
  billing: '+255754500105',
  analyst: '+255754500106',
  marketer: '+255754500107',
};

beforeAll(async () => {
  env = await setupTestEnv();
  app = trpcApp(env);
  org = await createOrg(env, {
    credit: 10_000_00n,
    members: { owner: 'owner', owner_sw: 'owner', owner_off: 'owner', no_phone: 'owner', removed: 'owner', billing: 'billing', analyst: 'analyst', marketer: 'marketer' },
    keys: {},
  });
  await env.sql("update organizations set name = 'Duka la Mama Ashura & Wanawe' where id = ?", [org.id]);
  for (const [label, phone] of Object.entries(PHONES)) {
    await env.sql('insert into member_phones (member_id, organization_id, phone, verified_at, created_at, updated_at) values (?, ?, ?, now(), now(), now())', [org.members[label]!.id, org.id, phone]);
  }
  // An unverified number gets nothing, whatever the choice.
  await env.sql('insert into member_phones (member_id, organization_id, phone, verified_at, created_at, updated_at) values (?, ?, ?, null, now(), now())', [org.members.no_phone!.id, org.id, '+255754500108']);
  await env.sql("update members set language = 'sw' where id = ?", [org.members.owner_sw!.id]);
  await env.sql('update members set deleted_at = now() where id = ?', [org.members.removed!.id]);
  await env.sql('insert into payment_references (organization_id, reference, created_at) values (?, ?, now())', [org.id, REFERENCE]);
  await env.sql('update wallets set low_balance_threshold = ? where organization_id = ?', [5000_00, org.id]);
  ({ submits } = await startSmsDispatch(env));
});

const label = (memberId: string) => Object.keys(org.members).find((l) => org.members[l]!.id === memberId);

/** The system messages of a purpose so far, by the label of the member each is for. */
async function alerts(purpose: string) {
  const found = await env.sql<{ member_id: string; to_phone: string; body: string; charge: string; total: string; organization_id: string }>(
    `select s.member_id, m.to_phone, m.body, m.charge, m.total::text as total, m.organization_id from system_messages s
     join messages m on m.organization_id = s.organization_id and m.id = s.message_id where s.purpose = ? order by m.id`,
    [purpose],
  );
  return found.map((m) => ({ ...m, member: label(m.member_id) }));
}

/** A hold of `cents` on the organization's wallet (a send's or a launch's), then the outbox fanned out. */
async function spend(cents: bigint): Promise<void> {
  await inTransaction(await env.ctx(), (tx) => applyMovement(tx.em, org.id, (b) => hold(b, cents), { actorType: 'system', actorId: null, reference: 'launch', at: tx.now }));
  await fanOut(env.deps);
}

const ledgerEntries = async () => (await env.sql<{ n: number }>('select count(*)::int as n from ledger_entries'))[0]!.n;

describe('the choice of alerts', () => {
  it('is the role default until chosen, the member\'s own after; auth.me says it and whether the phone is verified', async () => {
    const owner = await signedIn(app, org.members.owner_off!);
    expect(ok(await owner.query('auth.me'))).toMatchObject({ sms_alerts: { alerts: ['low_balance', 'top_up_receipt'], may_choose: true }, phone_verified: true });
    expect(ok(await owner.mutate('auth.setSmsAlerts', { alerts: ['top_up_receipt'] }))).toEqual({ sms_alerts: { alerts: ['top_up_receipt'], may_choose: true } });
    expect(ok(await owner.query('auth.me')).sms_alerts.alerts).toEqual(['top_up_receipt']);
    const bad: [unknown, string | undefined][] = [[{ alerts: ['low_balance', 'low_balance'] }, 'alerts'], [{ alerts: ['weekly'] }, 'alerts.0'], [{}, 'alerts'], [{ alerts: [], extra: 1 }, undefined]];
    for (const [input, field] of bad) refused(await owner.mutate('auth.setSmsAlerts', input), 400, 'validation_failed', field);
    expect(ok(await owner.query('auth.me')).sms_alerts.alerts).toEqual(['top_up_receipt']);

    const analyst = await signedIn(app, org.members.analyst!);
    expect(ok(await analyst.query('auth.me')).sms_alerts).toEqual({ alerts: [], may_choose: true });
    ok(await analyst.mutate('auth.setSmsAlerts', { alerts: ['low_balance'] }));
    const no_phone = await signedIn(app, org.members.no_phone!);
    expect(ok(await no_phone.query('auth.me')).phone_verified).toBe(false);

    // A role that cannot read the wallet chooses nothing, and a choice written anyway gives it nothing.
    const marketer = await signedIn(app, org.members.marketer!);
    expect(ok(await marketer.query('auth.me')).sms_alerts).toEqual({ alerts: [], may_choose: false });
    const answer = await marketer.mutate('auth.setSmsAlerts', { alerts: ['low_balance'] });
    refused(answer, 403, 'forbidden', 'alerts');
    expect(answer.error?.message).toContain('wallet.read');
    const [row] = await env.sql<{ sms_alerts: string[] | null }>('select sms_alerts from members where id = ?', [org.members.marketer!.id]);
    expect(row!.sms_alerts).toBeNull();
    await env.sql("update members set sms_alerts = '{low_balance}' where id = ?", [org.members.marketer!.id]);
  });
});

describe('the low-balance alert', () => {
  it('texts each member who gets it once a fall, in their language, charged to nobody, through the simulator', async () => {
    const before = await ledgerEntries();
    await spend(4000_00n); // 10,000 -> 6,000: above the threshold of 5,000
    expect(await alerts('low_balance_alert')).toEqual([]);
    await spend(1500_00n); // 6,000 -> 4,500: a fall
    const sent = await alerts('low_balance_alert');
    expect(sent.map((m) => m.member).sort()).toEqual(['analyst', 'owner', 'owner_sw']);
    for (const m of sent) {
      expect(m).toMatchObject({ organization_id: PLATFORM_ORGANIZATION_ID, charge: 'none', total: '0', to_phone: PHONES[m.member!] });
      expect(m.body.length).toBeLessThanOrEqual(160);
    }
    expect(sent.find((m) => m.member === 'owner')!.body).toBe(
      `Ujumbe: the available balance of Duka la Mama Ashura & Wanawe is TZS 4,500, below your alert level of TZS 5,000. Top up: paybill ${PAYBILL}, account ${REFERENCE}.`,
    );
    expect(sent.find((m) => m.member === 'owner_sw')!.body).toMatch(/^Ujumbe: salio la Duka la Mama.* ni TZS 4,500, chini ya kiwango cha tahadhari TZS 5,000\. Ongeza salio: paybill 888800, akaunti 40512378\.$/);
    // Only the two holds moved money: the alerts wrote no ledger entry anywhere.
    expect(await ledgerEntries()).toBe(before + 2);

    // The SMS leaves over SMPP like a reset code.
    const deadline = Date.now() + 10_000;
    while (textsTo(submits, PHONES.owner!).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(textsTo(submits, PHONES.owner!)).toEqual([sent.find((m) => m.member === 'owner')!.body]);

    // Still below, no rise in between: no event and no SMS.
    await spend(1000_00n);
    await fanOut(env.deps);
    expect(await alerts('low_balance_alert')).toHaveLength(3);
  });

  it('texts again after a rise above the threshold and a new fall; a member over the allowance is skipped and the skip audited', async () => {
    await letRealTimePass(env, 3600_000);
    await creditWallet(await env.ctx(), operator, { organizationId: org.id, amount: 3000_00n, reference: 'top-up' }); // 3,500 -> 6,500
    await fanOut(env.deps);
    expect(await alerts('low_balance_alert')).toHaveLength(3);
    await exhaustBucket(env, `system-sms:member:${org.members.analyst!.id}`);
    await spend(2000_00n); // 6,500 -> 4,500: a new fall
    const sent = await alerts('low_balance_alert');
    expect(sent.slice(3).map((m) => m.member).sort()).toEqual(['owner', 'owner_sw']);
    const skipped = await env.sql<{ target_id: string; details: Record<string, unknown> }>("select target_id, details from audit_events where organization_id = ? and action = 'member.sms_alert_skipped'", [org.id]);
    expect(skipped).toEqual([{ target_id: org.members.analyst!.id, details: { alert: 'low_balance', why: 'rate_limited', phone: expect.not.stringContaining('500106') } }]);
    expect(await env.sql("select 1 from outbox_events where organization_id = ? and type = 'wallet.low_balance'", [org.id])).toEqual([]);
  });

  it('a fault in the alerts leaves them unsent and the fan-out goes on: the event still leaves the outbox', async () => {
    await letRealTimePass(env, 3600_000);
    await creditWallet(await env.ctx(), operator, { organizationId: org.id, amount: 2000_00n, reference: 'top-up' }); // 4,500 -> 6,500
    await env.sql(`create function refuse_alert() returns trigger language plpgsql as $$ begin raise exception 'no alerts today'; end $$`);
    await env.sql("create trigger refuse_alert before insert on system_messages for each row when (new.purpose = 'low_balance_alert') execute function refuse_alert()");
    try {
      await spend(2000_00n);
    } finally {
      await env.sql('drop trigger refuse_alert on system_messages');
      await env.sql('drop function refuse_alert()');
    }
    expect(await alerts('low_balance_alert')).toHaveLength(5);
    expect(await env.sql("select 1 from outbox_events where organization_id = ? and type = 'wallet.low_balance'", [org.id])).toEqual([]);
  });
});

describe("a top-up's receipt", () => {
  it('is queued in the credit\'s transaction to each member who gets it, and leaves with it or not at all', async () => {
    await letRealTimePass(env, 3600_000);
    const before = await ledgerEntries();
    const queued = await inTransaction(await env.ctx(), async (tx) => {
      const credited = await creditWallet(tx, operator, { organizationId: org.id, amount: 12_345_50n, reference: 'mobile money' });
      return queueTopUpReceipts(tx, { organizationId: org.id, amount: 12_345_50n, availableAfter: BigInt(credited.wallet.available), paymentId: credited.ledger_entry_id });
    });
    const receipts = await alerts('top_up_receipt');
    expect(queued).toBe(3);
    expect(receipts.map((m) => m.member).sort()).toEqual(['owner', 'owner_off', 'owner_sw']);
    expect(receipts.find((m) => m.member === 'owner')!.body).toBe('Ujumbe: TZS 12,345.50 credited to Duka la Mama Ashura & Wanawe. New available balance: TZS 16,845.50.');
    expect(receipts.find((m) => m.member === 'owner_sw')!.body).toMatch(/^Ujumbe: TZS 12,345\.50 zimeingia kwenye Pochi ya Duka la Mama.*\. Salio linalotumika sasa: TZS 16,845\.50\.$/);
    for (const m of receipts) expect(m).toMatchObject({ organization_id: PLATFORM_ORGANIZATION_ID, charge: 'none', total: '0' });
    expect(await ledgerEntries()).toBe(before + 1);

    // A credit rolled back takes its receipts with it.
    await expect(
      inTransaction(await env.ctx(), async (tx) => {
        const credited = await creditWallet(tx, operator, { organizationId: org.id, amount: 1000_00n, reference: 'mobile money' });
        await queueTopUpReceipts(tx, { organizationId: org.id, amount: 1000_00n, availableAfter: BigInt(credited.wallet.available), paymentId: credited.ledger_entry_id });
        throw new Error('the credit fails after all');
      }),
    ).rejects.toThrow('the credit fails after all');
    expect(await alerts('top_up_receipt')).toHaveLength(3);
  });
});
