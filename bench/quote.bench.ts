// `npm run bench -- quote`: a draft over two groups holding 1,000,000 numbers in 2,000,000 memberships, 50,000 of
// them opted out, frozen and priced by POST /v1/campaigns/{id}/quote (target under 8 s).
import { withInProcessService } from './in-process.ts';
import { memberPoster } from './server-process.ts';

const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 1_000_000);
const OPT_OUTS = Number(process.env.BENCH_OPT_OUTS ?? 50_000);

export async function run(): Promise<void> {
  await withInProcessService(async ({ deps, demo, listen }) => {
    const em = deps.orm.em.fork();
    const org = demo.organization.id;
    const t0 = performance.now();
    await em.execute(
      `insert into contacts (id, organization_id, phone, created_at, updated_at)
       select gen_random_uuid(), ?, '+2557' || lpad((50000000 + g)::text, 8, '0'), now(), now() from generate_series(1, ?) g`,
      [org, NUMBERS],
    );
    const groups = (await em.execute(
      `insert into groups (id, organization_id, name, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Wateja wote', now(), now()), (gen_random_uuid(), ?, 'Wateja wa zamani', now(), now()) returning id`,
      [org, org],
    )) as { id: string }[];
    for (const g of groups) {
      await em.execute('insert into group_members (group_id, contact_id, organization_id, added_at) select ?, id, organization_id, now() from contacts where organization_id = ?', [g.id, org]);
    }
    await em.execute(
      `insert into opt_outs (id, organization_id, phone, source, created_by_type, created_at)
       select gen_random_uuid(), organization_id, phone, 'manual', 'system', now() from contacts where organization_id = ? order by random() limit ?`,
      [org, OPT_OUTS],
    );
    await em.execute('vacuum analyze');
    process.stdout.write(`seeded ${NUMBERS} contacts, ${2 * NUMBERS} memberships, ${OPT_OUTS} opt-outs in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    const base = await listen();
    const post = await memberPoster(base, demo.member);
    const draft = (await post('/v1/campaigns', { name: 'Everyone', sender_id: 'UJUMBE', body: 'Habari! Msimu mpya wa mauzo umeanza.', group_ids: groups.map((g) => g.id) }, 'bench-draft')).campaign;
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const { quote } = await post(`/v1/campaigns/${draft.id}/quote`, {}, `bench-quote-${i}`);
      runs.push((performance.now() - t) / 1000);
      process.stdout.write(
        `quote ${i + 1}: ${runs[i]!.toFixed(2)} s  audience ${JSON.stringify(quote.audience)}  total ${quote.total} cents (target < 8 s)\n`,
      );
    }
    process.stdout.write(`best ${Math.min(...runs).toFixed(2)} s, worst ${Math.max(...runs).toFixed(2)} s (a quote after the first also drops the previous audience)\n`);
  });
}
