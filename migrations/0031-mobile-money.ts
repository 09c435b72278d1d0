// Money in by mobile money. A push payment is a top-up request the aggregator answers (provider, the payer's
// number, the aggregator's transaction id, why it failed, what the operator must look at) and that a status task
// asks about until it is settled. Every payment the aggregator proves (a push payment's, or one made to the paybill
// with an organization's payment reference) is one row of mobile_money_payments, unique by the aggregator's
// transaction id: a payment is credited once however many times it is announced. A paybill payment whose
// reference names no organization (or a push notice naming no push payment of ours) is kept there, unmatched, for
// the operator. Members choose the SMS alerts they get (null: their role's default, core/domain/sms-alerts.ts).
import { Migration } from '@mikro-orm/migrations';

const PROVIDERS = `('mpesa', 'airtel_money', 'mixx_by_yas', 'halopesa', 'azampesa')`;

export class Migration0031MobileMoney extends Migration {
  override name = '0031-mobile-money';

  override up(): void {
    this.addSql('alter table top_up_requests drop constraint top_up_requests_status_check');
    this.addSql(`alter table top_up_requests add constraint top_up_requests_status_check
                 check (status in ('pending', 'credited', 'declined', 'failed', 'expired'))`);
    this.addSql(`alter table top_up_requests
      add column provider text check (provider in ${PROVIDERS}),
      add column payer_phone text check (payer_phone ~ '^\\+255[0-9]{9}$'),
      add column transaction_id text check (length(transaction_id) between 1 and 200),
      add column failure_code text check (failure_code in ('insufficient_funds', 'payer_cancelled', 'payer_timeout', 'refused', 'not_received', 'expired', 'other')),
      add column failure_reason text check (length(failure_reason) between 1 and 500),
      add column flag text check (flag in ('amount_differs', 'paid_after_failure', 'paid_after_expiry')),
      add column status_checks integer not null default 0 check (status_checks >= 0),
      add column next_status_check_at timestamptz,
      add column last_status_error text check (length(last_status_error) <= 500),
      add constraint top_up_requests_push_fields check ((provider is null) = (payer_phone is null)),
      add constraint top_up_requests_push_is_mobile_money check (provider is null or method = 'mobile_money'),
      add constraint top_up_requests_failed_has_reason check (status not in ('failed', 'expired') or (failure_code is not null and failure_reason is not null))`);
    // One aggregator transaction, one push payment.
    this.addSql('create unique index top_up_requests_transaction on top_up_requests (transaction_id) where transaction_id is not null');
    // The status task's queue: push payments still waiting for their answer, by when they are next asked about.
    this.addSql(`create index top_up_requests_push_waiting on top_up_requests (next_status_check_at, id)
                 where status = 'pending' and provider is not null`);
    // The operator's list of what needs a look.
    this.addSql('create index top_up_requests_flagged on top_up_requests (id) where flag is not null');

    this.addSql(`create table mobile_money_payments (
      id uuid primary key,
      transaction_id text not null check (length(transaction_id) between 1 and 200),
      kind text not null check (kind in ('push', 'paybill')),
      status text not null check (status in ('credited', 'unmatched')),
      organization_id uuid references organizations(id),
      top_up_request_id uuid references top_up_requests(id),
      account_reference text check (length(account_reference) <= 100),
      amount bigint not null check (amount between 1 and 100000000000),
      payer_phone text check (length(payer_phone) <= 32),
      provider text check (length(provider) <= 50),
      ledger_entry_id uuid references ledger_entries(id),
      received_at timestamptz not null,
      credited_at timestamptz,
      check ((status = 'credited') = (ledger_entry_id is not null and organization_id is not null and credited_at is not null))
    )`);
    this.addSql('create unique index mobile_money_payments_transaction on mobile_money_payments (transaction_id)');
    this.addSql('create unique index mobile_money_payments_ledger_entry on mobile_money_payments (ledger_entry_id)');
    this.addSql('create index mobile_money_payments_org on mobile_money_payments (organization_id, id)');
    this.addSql(`create index mobile_money_payments_unmatched on mobile_money_payments (id) where status = 'unmatched'`);

    // Each organization's account number at the paybill: made the first time it is shown, never changed.
    this.addSql(`create table payment_references (
      organization_id uuid primary key references organizations(id),
      reference text not null unique check (reference ~ '^[1-9][0-9]{7}$'),
      created_at timestamptz not null
    )`);

    this.addSql(`alter table members add column sms_alerts text[]
                 check (sms_alerts <@ array['low_balance', 'top_up_receipt']::text[])`);
  }
}
