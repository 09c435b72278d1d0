// A number's consent history: consents and opt-outs, recorded and cleared; appended to, never updated or deleted.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConsentAction } from '../../domain/consent.ts';
import { newId } from '../ids.ts';
import { exec } from '../sql.ts';

export type ConsentSource = 'manual' | 'import' | 'contact_deleted' | 'sms_keyword';

export interface ConsentRecord {
  organizationId: string;
  phone: string;
  contactId: string | null;
  optOutId: string | null;
  importId: string | null;
  action: ConsentAction;
  source: ConsentSource;
  note: string | null;
  evidence: string | null;
  actorType: 'member' | 'api_key' | 'operator' | 'system';
  actorId: string | null;
  createdAt: Date;
}

export async function insertConsentRecord(em: EntityManager, record: ConsentRecord): Promise<void> {
  await exec(
    em,
    `insert into consent_records (id, organization_id, phone, contact_id, opt_out_id, import_id, action, source, note,
       evidence, actor_type, actor_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      newId(),
      record.organizationId,
      record.phone,
      record.contactId,
      record.optOutId,
      record.importId,
      record.action,
      record.source,
      record.note,
      record.evidence,
      record.actorType,
      record.actorId,
      record.createdAt,
    ],
  );
}
