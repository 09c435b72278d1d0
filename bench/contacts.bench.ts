// `npm run bench -- contacts`: listing and searching contacts with 1,000,000 in the organization (target p99 < 50 ms).
import type { Deps } from '../core/app/context.ts';
import { withInProcessService } from './in-process.ts';
import { sessionHeaders } from './server-process.ts';

const CONTACTS = 1_000_000;

async function seedContacts(deps: Deps, organizationId: string): Promise<{ bigGroup: string; smallGroup: string }> {
  const em = deps.orm.em.fork();
  await em.execute(
    `insert into contacts (id, organization_id, phone, name, created_at, updated_at)
     select gen_random_uuid(), ?, '+2557' || lpad((54000000 + g * 7)::text, 8, '0'), 'Mteja ' || g, now(), now() from generate_series(1, ?) g`,
    [organizationId, CONTACTS],
  );
  const groups = (await em.execute(
    `insert into groups (id, organization_id, name, created_at, updated_at)
     values (gen_random_uuid(), ?, 'Big', now(), now()), (gen_random_uuid(), ?, 'Small', now(), now()) returning id, name`,
    [organizationId, organizationId],
  )) as { id: string; name: string }[];
  const big = groups.find((g) => g.name === 'Big')!.id;
  const small = groups.find((g) => g.name === 'Small')!.id;
  await em.execute(`insert into group_members (group_id, contact_id, organization_id, added_at)
    select ?, id, organization_id, now() from contacts where organization_id = ? and random() < 0.2`, [big, organizationId]);
  await em.execute(`insert into group_members (group_id, contact_id, organization_id, added_at)
    select ?, id, organization_id, now() from contacts where organization_id = ? order by id limit 100`, [small, organizationId]);
  await em.execute(`insert into opt_outs (id, organization_id, phone, source, created_by_type, created_at)
    select gen_random_uuid(), organization_id, phone, 'manual', 'system', now() from contacts where organization_id = ? and random() < 0.05`, [organizationId]);
  await em.execute(`insert into consent_records (id, organization_id, phone, contact_id, action, source, actor_type, created_at)
    select gen_random_uuid(), organization_id, phone, id, 'consent_recorded', 'manual', 'system', now() from contacts where organization_id = ? and random() < 0.3`, [organizationId]);
  await em.execute('vacuum analyze');
  return { bigGroup: big, smallGroup: small };
}

async function timed(url: string, headers: Record<string, string>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    out.push(performance.now() - t);
  }
  return out;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export async function run(): Promise<void> {
  await withInProcessService(async ({ deps, demo, listen }) => {
    const t0 = performance.now();
    const { bigGroup, smallGroup } = await seedContacts(deps, demo.organization.id);
    process.stdout.write(`seeded ${CONTACTS} contacts in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    const base = await listen();
    const headers = await sessionHeaders(base, demo.member);
    const deep = ((await (await fetch(`${base}/v1/contacts?limit=100`, { headers })).json()) as { data: { contacts: { id: string }[] } }).data.contacts[99]!.id;
    const cases: [string, string][] = [
      ['first page (50)', '/v1/contacts'],
      ['next page (before)', `/v1/contacts?before=${deep}`],
      ['100 per page', '/v1/contacts?limit=100'],
      ['search 0754 (most)', '/v1/contacts?search=0754'],
      ['search +255 7540 (some)', `/v1/contacts?search=${encodeURIComponent('+255 7540')}`],
      ['search 75400012 (few)', '/v1/contacts?search=75400012'],
      ['search full number', '/v1/contacts?search=0754000007'],
      ['search no match', '/v1/contacts?search=0699'],
      ['big group (20%)', `/v1/contacts?group_id=${bigGroup}`],
      ['small group (100)', `/v1/contacts?group_id=${smallGroup}`],
      ['small group + search', `/v1/contacts?group_id=${smallGroup}&search=0754`],
    ];
    const all: number[] = [];
    for (const [label, p] of cases) {
      await timed(`${base}${p}`, headers, 10);
      const xs = await timed(`${base}${p}`, headers, 100);
      all.push(...xs);
      process.stdout.write(`${label.padEnd(26)} p50 ${pct(xs, 0.5).toFixed(1)} ms  p99 ${pct(xs, 0.99).toFixed(1)} ms\n`);
    }
    process.stdout.write(`all ${all.length} requests: p50 ${pct(all, 0.5).toFixed(1)} ms, p99 ${pct(all, 0.99).toFixed(1)} ms (target p99 < 50 ms)\n`);
  });
}
