// The rows of campaigns and their quotes as the campaign queries return them (snake_case, as stored).
import type { TrafficClass } from '../../domain/pricing.ts';
import type { Encoding, SmsRoute } from '../../domain/segments.ts';
import type { CampaignStatus } from '../../domain/campaign-states.ts';

export interface CampaignRow {
  id: string;
  organization_id: string;
  name: string;
  traffic_class: TrafficClass;
  sender: string;
  body: string;
  encoding: Encoding;
  segments: number;
  group_ids: string[];
  scheduled_at: Date | null;
  validity_seconds: number | null;
  status: CampaignStatus;
  version: number;
  created_via: 'dashboard' | 'api';
  api_key_id: string | null;
  member_id: string | null;
  quote_id: string | null;
  launch_quote_id: string | null;
  launched_at: Date | null;
  launched_by: string | null;
  reserved: string | null;
  starts_at: Date | null;
  expires_at: Date | null;
  started_at: Date | null;
  fed_through: number;
  /** Recipients the feeding reached (queued or skipped), and the messages it made of them. */
  recipients_fed: number;
  messages_made: number;
  audience_size: number | null;
  cancel_requested_at: Date | null;
  cancel_report: CancelReport | null;
  discarded_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface CancelReport {
  pending_cancelled: number;
  queued_at_cancel: number;
  in_flight_at_cancel: number;
}

export interface QuoteRow {
  id: string;
  organization_id: string;
  campaign_id: string;
  campaign_version: number;
  group_ids: string[];
  memberships: number;
  eligible: number;
  duplicates: number;
  opted_out: number;
  no_consent: number;
  traffic_class: TrafficClass;
  encoding: Encoding;
  segments: number;
  sms_route: SmsRoute;
  price_plan_id: string;
  unit_amount: string;
  total: string;
  created_at: Date;
  expires_at: Date;
  stale_at: Date | null;
}

/** A campaign with what its launched quote fixed: the price of a segment, the segments and the encoding. */
export type Launched = CampaignRow & { unit_amount: string; quote_segments: number; quote_encoding: string };
