// The rules written once in SQL (migration 0024) answer as their twins in core/domain, over a table of cases, on
// PostgreSQL: consent, active opt-outs, queued messages, the sending window's hold and the price plan in force.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/db/ids.ts';
import { hasConsent, latestConsentEntry, type ConsentAction, type ConsentEntry } from '../../core/domain/consent.ts';
import { activeOptOutOf, isActiveOptOut, type OptOutState } from '../../core/domain/opt-outs.ts';
import { MESSAGE_STATUSES, isQueued } from '../../core/domain/message-states.ts';
import { waitsForWindow } from '../../core/domain/sending-window.ts';
import { TRAFFIC_CLASSES, planInForce } from '../../core/domain/pricing.ts';
import { createOrg, setupTestEnv, type TestEnv } from '../support/app.ts';

let env: TestEnv;
let orgs: string[];

beforeAll(async () => {
  env = await setupTestEnv();
  orgs = [];
  for (let i = 0; i < 3; i++) orgs.push((await createOrg(env, { pricePlan: false, members: {}, keys: {} })).id);
});

const T0 = new Date('2026-11-22T09:00:00Z');

describe('consent', () => {
  // Each history is one contact's, oldest first.
  const HISTORIES: ConsentAction[][] = [
    [],
    ['consent_recorded'],
    ['consent_cleared'],
    ['consent_recorded', 'consent_cleared'],
    ['consent_cleared', 'consent_recorded'],
    ['consent_recorded', 'opted_out'],
    ['consent_recorded', 'consent_cleared', 'opted_out', 'opt_out_cleared'],
    ['opted_out', 'opt_out_cleared'],
    ['consent_recorded', 'consent_cleared', 'opted_out', 'consent_recorded', 'opt_out_cleared'],
    ['consent_recorded', 'consent_recorded', 'consent_cleared', 'consent_cleared'],
  ];

  it('a contact consents when its latest consent record is a recorded consent; a number through its contact', async () => {
    const org = orgs[0]!;
    const contacts = HISTORIES.map((actions, i) => ({
      id: newId(),
      phone: `+25575410${String(i).padStart(4, '0')}`,
      history: actions.map((action) => ({ id: newId(), action })) as ConsentEntry[],
    }));
    await env.sql(
      `insert into contacts (id, organization_id, phone, created_at, updated_at)
       select x.id, ?, x.phone, ?, ? from jsonb_to_recordset(?::jsonb) as x(id uuid, phone text)`,
      [org, T0, T0, JSON.stringify(contacts.map(({ id, phone }) => ({ id, phone })))],
    );
    // Written in an order other than the ids', so that only the ids can say which is latest.
    const records = contacts.flatMap((c) => c.history.map((e) => ({ ...e, contact_id: c.id, phone: c.phone }))).reverse();
    await env.sql(
      `insert into consent_records (id, organization_id, phone, contact_id, action, source, actor_type, created_at)
       select x.id, ?, x.phone, x.contact_id, x.action, 'manual', 'system', ? from jsonb_to_recordset(?::jsonb) as x(id uuid, phone text, contact_id uuid, action text)`,
      [org, T0, JSON.stringify(records)],
    );
    // A number's history left by a deleted contact speaks for no contact.
    const orphan = '+255754199999';
    await env.sql(
      `insert into consent_records (id, organization_id, phone, contact_id, action, source, actor_type, created_at)
       values (?, ?, ?, ?, 'consent_recorded', 'manual', 'system', ?)`,
      [newId(), org, orphan, randomUUID(), T0],
    );
    for (const c of contacts) {
      const [found] = await env.sql<{ latest: boolean | null; contact: boolean; number: boolean; elsewhere: boolean }>(
        `select (select consented from latest_consent(?)) as latest, (select consented from contact_consented(?)) as contact,
           (select consented from number_consented(?, ?)) as number, (select consented from number_consented(?, ?)) as elsewhere`,
        [c.id, c.id, org, c.phone, orgs[1], c.phone],
      );
      const latest = latestConsentEntry(c.history);
      expect(found, c.history.join(', ')).toEqual({
        latest: latest ? latest.action === 'consent_recorded' : null,
        contact: hasConsent(c.history),
        number: hasConsent(c.history),
        elsewhere: false,
      });
    }
    const [none] = await env.sql<{ number: boolean }>('select (select consented from number_consented(?, ?)) as number', [org, orphan]);
    expect(none!.number).toBe(false);
    // The domain's table is not vacuous: the cases hold both answers.
    expect(new Set(contacts.map((c) => hasConsent(c.history)))).toEqual(new Set([true, false]));
  });
});

describe('active opt-outs', () => {
  it('one is active until cleared, found by organization and number', async () => {
    const [a, b] = [orgs[0]!, orgs[1]!];
    const phones = ['+255754200001', '+255754200002', '+255754200003', '+255754200004'];
    const cleared = new Date('2026-11-22T10:00:00Z');
    const optOuts: (OptOutState & { id: string })[] = [
      { id: newId(), organizationId: a, phone: phones[0]!, clearedAt: null },
      { id: newId(), organizationId: a, phone: phones[1]!, clearedAt: cleared },
      { id: newId(), organizationId: b, phone: phones[1]!, clearedAt: null },
      { id: newId(), organizationId: a, phone: phones[2]!, clearedAt: cleared },
      { id: newId(), organizationId: a, phone: phones[2]!, clearedAt: null },
      { id: newId(), organizationId: b, phone: phones[0]!, clearedAt: cleared },
    ];
    await env.sql(
      `insert into opt_outs (id, organization_id, phone, source, created_by_type, created_at, cleared_at, clear_reason, clear_evidence)
       select x.id, x.organization_id, x.phone, 'manual', 'system', ?, x.cleared_at,
         case when x.cleared_at is not null then 'asked again' end, case when x.cleared_at is not null then 'signed form' end
       from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, phone text, cleared_at timestamptz)`,
      [T0, JSON.stringify(optOuts.map((o) => ({ id: o.id, organization_id: o.organizationId, phone: o.phone, cleared_at: o.clearedAt })))],
    );
    for (const org of [a, b]) {
      for (const phone of phones) {
        const found = await env.sql<{ id: string }>('select id from active_opt_out(?, ?)', [org, phone]);
        expect(found.map((r) => r.id), `${org} ${phone}`).toEqual([activeOptOutOf(optOuts, org, phone)?.id].filter(Boolean));
      }
    }
    const rows = await env.sql<{ id: string; active: boolean }>('select id, opt_out_active(o) as active from opt_outs o where organization_id in (?, ?)', [a, b]);
    expect(rows).toHaveLength(optOuts.length);
    for (const row of rows) expect(row.active, row.id).toBe(isActiveOptOut(optOuts.find((o) => o.id === row.id)!));
  });
});

describe('queued messages', () => {
  it('a live message accepted and not handed to a dispatcher is queued; nothing else is', async () => {
    const cases = MESSAGE_STATUSES.flatMap((status) =>
      [false, true].flatMap((test) => [null, T0].map((submitStartedAt) => ({ status, test, submitStartedAt }))),
    );
    const found = await env.sql<{ i: number; queued: boolean }>(
      `select x.i, message_queued(jsonb_populate_record(null::messages, x.m)) as queued
       from jsonb_to_recordset(?::jsonb) as x(i int, m jsonb) order by x.i`,
      [JSON.stringify(cases.map((c, i) => ({ i, m: { status: c.status, test: c.test, submit_started_at: c.submitStartedAt } })))],
    );
    expect(found.map((r) => r.queued)).toEqual(cases.map((c) => isQueued(c)));
    expect(cases.filter((c) => isQueued(c))).toHaveLength(1);
  });
});

describe('the sending window', () => {
  it('holds promotional traffic while closed, and never transactional traffic', async () => {
    const cases = TRAFFIC_CLASSES.flatMap((trafficClass) => [true, false].map((open) => ({ trafficClass, open })));
    for (const c of cases) {
      const [found] = await env.sql<{ waits: boolean }>('select waits_for_window(?, ?) as waits', [c.trafficClass, c.open]);
      expect(found!.waits, JSON.stringify(c)).toBe(waitsForWindow(c.trafficClass, c.open));
    }
    expect(cases.filter((c) => waitsForWindow(c.trafficClass, c.open))).toEqual([{ trafficClass: 'promotional', open: false }]);
  });
});

describe('the price plan in force', () => {
  it('is the newest version of the organization’s plan, whatever order the versions were written in', async () => {
    const [a, b, none] = [orgs[0]!, orgs[1]!, orgs[2]!];
    const plans = [
      { id: newId(), organizationId: a, version: 2 },
      { id: newId(), organizationId: a, version: 3 },
      { id: newId(), organizationId: a, version: 1 },
      { id: newId(), organizationId: b, version: 1 },
    ];
    await env.sql(
      `insert into price_plans (id, organization_id, version, transactional_unit, promotional_unit, created_at)
       select x.id, x.organization_id, x.version, 100 * x.version, 150 * x.version, ? from jsonb_to_recordset(?::jsonb) as x(id uuid, organization_id uuid, version int)`,
      [T0, JSON.stringify(plans.map((p) => ({ id: p.id, organization_id: p.organizationId, version: p.version })))],
    );
    for (const org of [a, b, none]) {
      const found = await env.sql<{ id: string }>('select id from price_plan_in_force(?)', [org]);
      expect(found.map((r) => r.id), org).toEqual([planInForce(plans.filter((p) => p.organizationId === org))?.id].filter(Boolean));
    }
  });
});
