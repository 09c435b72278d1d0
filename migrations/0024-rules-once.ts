// The rules that statements across the service share, each written once as a SQL function, so that sending,
// quoting, feeding, importing and the address book's views ask the same question the same way. Each has a twin
// in core/domain, and tests/integration/rule-twins.test.ts holds the two to the same answers.
//
// All are `language sql` and either immutable expressions or stable single selects: PostgreSQL inlines them
// into the calling statement (the scalar ones as expressions, the set-returning ones as subqueries), so a
// partial index whose predicate the rule spells (messages_due, opt_outs_active) is still used, and a hot path
// pays no function call. None is strict, since a strict function is never inlined.
import { Migration } from '@mikro-orm/migrations';

export class Migration0024RulesOnce extends Migration {
  override name = '0024-rules-once';

  override up(): void {
    // Consent: the contact's latest consent record (a consent recorded or cleared; ids grow with time) decides,
    // and a contact consents when that record is a recorded consent. No record, no consent.
    this.addSql(`create function latest_consent(contact_id uuid)
      returns table (consented boolean, source text, note text, actor_type text, actor_id uuid, recorded_at timestamptz)
      language sql stable parallel safe as $$
        select r.action = 'consent_recorded', r.source, r.note, r.actor_type, r.actor_id, r.created_at
        from consent_records r
        where r.contact_id = latest_consent.contact_id and r.action in ('consent_recorded', 'consent_cleared')
        order by r.id desc
        limit 1 $$`);
    this.addSql(`create function contact_consented(contact_id uuid) returns table (consented boolean)
      language sql stable parallel safe as $$
        select coalesce((select l.consented from latest_consent(contact_consented.contact_id) l), false) $$`);
    // A number consents through the organization's contact for it; a number with no contact never does.
    this.addSql(`create function number_consented(organization_id uuid, phone text) returns table (consented boolean)
      language sql stable parallel safe as $$
        select coalesce((select k.consented from contacts c cross join lateral contact_consented(c.id) k
          where c.organization_id = number_consented.organization_id and c.phone = number_consented.phone), false) $$`);

    // Opt-outs: one is active until it is cleared; at most one is active per number (opt_outs_active).
    this.addSql(`create function opt_out_active(o opt_outs) returns boolean
      language sql immutable parallel safe as $$ select o.cleared_at is null $$`);
    this.addSql(`create function active_opt_out(organization_id uuid, phone text) returns setof opt_outs
      language sql stable parallel safe as $$
        select * from opt_outs o
        where o.organization_id = active_opt_out.organization_id and o.phone = active_opt_out.phone and opt_out_active(o) $$`);

    // Queued: a live message accepted and not yet handed to a dispatcher (the predicate of messages_due). Test
    // messages complete at once and are never queued.
    this.addSql(`create function message_queued(m messages) returns boolean
      language sql immutable parallel safe as $$ select m.status = 'accepted' and not m.test and m.submit_started_at is null $$`);

    // The sending window holds promotional traffic while it is closed; transactional traffic never waits.
    this.addSql(`create function waits_for_window(traffic_class text, window_open boolean) returns boolean
      language sql immutable parallel safe as $$ select traffic_class = 'promotional' and not window_open $$`);

    // The price in force: the newest version of the organization's plan.
    this.addSql(`create function price_plan_in_force(organization_id uuid) returns setof price_plans
      language sql stable parallel safe as $$
        select * from price_plans p where p.organization_id = price_plan_in_force.organization_id order by p.version desc limit 1 $$`);
  }
}
