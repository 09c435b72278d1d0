// Expected business failures: a code from the spec's error table, a message, and the field at fault.

export type ErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'insufficient_scope'
  | 'sender_not_authorized'
  | 'organization_not_verified'
  | 'wallet_frozen'
  | 'test_mode_not_allowed'
  | 'scope_exceeds_role'
  | 'not_found'
  | 'invalid_request'
  | 'idempotency_conflict'
  | 'no_price_plan'
  | 'conflict'
  | 'too_many_api_keys'
  | 'api_key_not_active'
  | 'sender_id_exists'
  | 'email_taken'
  | 'last_owner'
  | 'already_a_member'
  | 'invitation_not_found'
  | 'invitation_expired'
  | 'invitation_used'
  | 'invitation_revoked'
  | 'password_incorrect'
  | 'code_invalid'
  | 'code_expired'
  | 'code_used'
  | 'code_voided'
  | 'too_many_drafts'
  | 'campaign_not_draft'
  | 'campaign_changed'
  | 'campaign_not_launched'
  | 'campaign_not_cancellable'
  | 'message_not_cancellable'
  | 'quote_stale'
  | 'quote_expired'
  | 'contact_exists'
  | 'group_name_taken'
  | 'contact_field_name_taken'
  | 'too_many_contact_fields'
  | 'too_many_groups'
  | 'too_many_webhook_endpoints'
  | 'already_cleared'
  | 'import_in_progress'
  | 'import_not_ready'
  | 'import_too_large'
  | 'payload_too_large'
  | 'insufficient_funds'
  | 'too_many_segments'
  | 'encoding_not_supported'
  | 'consent_required'
  | 'consent_confirmation_required'
  | 'recipient_opted_out'
  | 'validation_failed'
  | 'sender_not_ready'
  | 'audience_empty'
  | 'audience_too_large'
  | 'total_too_large'
  | 'schedule_out_of_range'
  | 'outside_sending_window'
  | 'export_too_large'
  | 'invalid_csv'
  | 'rate_limited'
  | 'import_limit_reached'
  | 'read_timeout'
  | 'quote_timeout'
  | 'busy'
  | 'internal_error';

export interface DomainErrorInit {
  field?: string | undefined;
  details?: Record<string, unknown> | undefined;
  /** Seconds after which a 429 or 503 may be retried. */
  retryAfter?: number | undefined;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, init: DomainErrorInit = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.field = init.field;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(code: ErrorCode, message: string, init?: DomainErrorInit): Result<T> => ({
  ok: false,
  error: new DomainError(code, message, init),
});

/** Unwraps a result, throwing its error: for use cases that let a failure end the request. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw result.error;
  return result.value;
}
