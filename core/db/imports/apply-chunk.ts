// One chunk of an import applied to the address book in set-based SQL (hot path: thousands of rows a statement).
import type { RowOutcome } from '../../domain/import-rows.ts';
import { newId } from '../ids.ts';
import { exec, pgArray, rows, type Runner } from '../sql.ts';
import { importContactFieldValues } from '../contacts/contact-fields.ts';
import type { ImportCounts, ImportRow } from './imports.ts';

/** The mapping kept with an import. Imports queued before consent columns and fields lack those keys. */
export interface Mapping {
  phone_column: string;
  name_column: string | null;
  phone_index: number;
  name_index: number | null;
  consent_column?: string | null;
  consent_index?: number | null;
  consent_note?: string | null;
  fields?: { column: string; index: number; field_id: string }[];
  requested_by: string | null;
}

export interface Classified {
  rowNo: number;
  line: number;
  outcome: RowOutcome;
}

/** Where a contact's consent came from: the whole file's note, or the consent column's cell on a line. */
export interface ConsentSourceOfRow {
  note: string | null;
  /** The row's evidence; null when the whole file consented. */
  evidence: string | null;
}

/** A chunk made ready off the transaction's critical path: ids minted, JSON built, opt-outs read. */
export interface PreparedChunk {
  size: number;
  lastRowNo: number;
  valid: { id: string; phone: string; name: string | null; consent: ConsentSourceOfRow | null }[];
  validJson: string;
  /** The field values of the valid rows, by number, for importContactFieldValues; null when none. */
  fieldValuesJson: string | null;
  /** Built for the common case where every valid number is new: the group's ids and their consents. */
  ifAllNew: { idArray: string; consents: number; consentJson: string };
  marked: { row_no: number; outcome: 'invalid' | 'duplicate'; reason: string | null }[];
  optedOut: Set<string>;
}

interface Imported {
  id: string;
  phone: string;
  has_consent: boolean;
}

/** Contacts the file named that already existed: their ids and consent; one without a name gets the file's. */
async function existingContacts(db: Runner, now: Date, org: string, existing: { phone: string; name: string | null }[]): Promise<Imported[]> {
  await exec(
    db,
    `update contacts c set name = x.name, updated_at = ?
     from jsonb_to_recordset(?::jsonb) as x(phone text, name text)
     where c.organization_id = ? and c.phone = x.phone and c.name is null and x.name is not null`,
    [now, JSON.stringify(existing.filter((v) => v.name !== null).map(({ phone, name }) => ({ phone, name }))), org],
  );
  return rows<Imported>(
    db,
    `select c.id, c.phone, (select consented from contact_consented(c.id)) as has_consent
     from contacts c where c.organization_id = ? and c.phone = any(?::text[])`,
    [org, pgArray(existing.map((v) => v.phone))],
  );
}

async function activeOptOuts(db: Runner, org: string, phones: string[]): Promise<Set<string>> {
  const found = await rows<{ phone: string }>(db, 'select o.phone from unnest(?::text[]) as p(phone) cross join lateral active_opt_out(?, p.phone) o', [
    pgArray(phones),
    org,
  ]);
  return new Set(found.map((o) => o.phone));
}

type Consenting = { id: string; phone: string; consent: ConsentSourceOfRow | null };

/** The consent records of the contacts whose row gives consent. */
function consentRecords(contacts: Consenting[]): { count: number; json: string } {
  const given = contacts.filter((c) => c.consent !== null);
  const json = given.map((c) => ({ id: newId(), contact_id: c.id, phone: c.phone, note: c.consent!.note, evidence: c.consent!.evidence }));
  return { count: given.length, json: JSON.stringify(json) };
}

/**
 * The consent a valid row gives: the whole file's (its note) when the member confirmed it, else the consent
 * column's cell when it says yes, else none.
 */
function consentOfRow(wholeFileNote: string | null, mapping: Mapping, line: number, cell: string | null): ConsentSourceOfRow | null {
  if (wholeFileNote) return { note: wholeFileNote, evidence: null };
  if (cell === null || !mapping.consent_column) return null;
  const column = [...mapping.consent_column].slice(0, 100).join('');
  return { note: mapping.consent_note ?? `Consent column "${column}" of a contact import`, evidence: `line ${line}, column "${column}": ${cell}` };
}

/** Runs on the reading connection: opt-outs are committed data, so reading them there changes nothing. */
export async function prepareChunk(side: Runner, row: Pick<ImportRow, 'organization_id' | 'consent'>, mapping: Mapping, chunk: Classified[]): Promise<PreparedChunk> {
  const org = row.organization_id;
  const wholeFileNote = (row.consent as { note?: string } | null)?.note ?? null;
  const valid: PreparedChunk['valid'] = [];
  const fieldValues: { phone: string; field_id: string; value: string }[] = [];
  for (const { line, outcome } of chunk) {
    if (outcome.kind !== 'valid') continue;
    valid.push({ id: newId(), phone: outcome.phone, name: outcome.name, consent: consentOfRow(wholeFileNote, mapping, line, outcome.consent) });
    outcome.fields.forEach((value, i) => {
      if (value !== null) fieldValues.push({ phone: outcome.phone, field_id: mapping.fields![i]!.field_id, value });
    });
  }
  const marked: PreparedChunk['marked'] = [];
  for (const { rowNo, outcome } of chunk) {
    if (outcome.kind === 'invalid') marked.push({ row_no: rowNo, outcome: 'invalid', reason: outcome.reason });
    if (outcome.kind === 'duplicate') marked.push({ row_no: rowNo, outcome: 'duplicate', reason: null });
  }
  const optedOut = valid.length ? await activeOptOuts(side, org, valid.map((v) => v.phone)) : new Set<string>();
  const consents = consentRecords(valid.filter((v) => !optedOut.has(v.phone)));
  return {
    size: chunk.length,
    lastRowNo: chunk[chunk.length - 1]?.rowNo ?? 0,
    valid,
    validJson: JSON.stringify(valid.map(({ id, phone, name }) => ({ id, phone, name }))),
    fieldValuesJson: fieldValues.length ? JSON.stringify(fieldValues) : null,
    ifAllNew: { idArray: pgArray(valid.map((v) => v.id)), consents: consents.count, consentJson: consents.json },
    marked,
    optedOut,
  };
}

export async function applyChunk(tx: Runner, now: Date, row: ImportRow, mapping: Mapping, chunk: PreparedChunk, counts: ImportCounts): Promise<void> {
  const org = row.organization_id;
  const { valid, marked, optedOut } = chunk;
  counts.processed += chunk.size;
  counts.invalid += marked.filter((m) => m.outcome === 'invalid').length;
  counts.duplicate += marked.filter((m) => m.outcome === 'duplicate').length;
  if (marked.length) {
    await exec(
      tx,
      `update contact_import_rows r set outcome = x.outcome, reason = x.reason
       from jsonb_to_recordset(?::jsonb) as x(row_no int, outcome text, reason text)
       where r.import_id = ? and r.row_no = x.row_no`,
      [JSON.stringify(marked), row.id],
    );
  }
  if (valid.length === 0) return;
  const inserted = await rows<{ id: string }>(
    tx,
    `insert into contacts (id, organization_id, phone, name, created_at, updated_at)
     select x.id, ?, x.phone, x.name, ?, ? from jsonb_to_recordset(?::jsonb) as x(id uuid, phone text, name text)
     on conflict (organization_id, phone) do nothing returning id`,
    [org, now, now, chunk.validJson],
  );
  // The ids were made here, so the ones returned tell which numbers were new.
  const createdIds = new Set(inserted.map((c) => c.id));
  const created = valid.filter((v) => createdIds.has(v.id));
  const existing = valid.filter((v) => !createdIds.has(v.id));
  counts.created += created.length;
  counts.existing += existing.length;
  const allNew = existing.length === 0;
  const imported: Imported[] = allNew ? [] : created.map((c) => ({ id: c.id, phone: c.phone, has_consent: false }));
  if (!allNew) imported.push(...(await existingContacts(tx, now, org, existing)));
  if (row.group_id) {
    await exec(
      tx,
      `insert into group_members (group_id, contact_id, organization_id, added_at)
       select ?, x, ?, ? from unnest(?::uuid[]) x on conflict do nothing`,
      [row.group_id, org, now, allNew ? chunk.ifAllNew.idArray : pgArray(imported.map((c) => c.id))],
    );
  }
  counts.opted_out += optedOut.size;
  if (chunk.fieldValuesJson) await importContactFieldValues(tx, org, chunk.fieldValuesJson);
  // Consent (the file's, or a row's) applies to people without a consent record who have not opted out.
  const consentOf = new Map(valid.map((v) => [v.phone, v.consent]));
  const consenting = allNew
    ? { count: chunk.ifAllNew.consents, json: chunk.ifAllNew.consentJson }
    : consentRecords(imported.filter((c) => !optedOut.has(c.phone) && !c.has_consent).map((c) => ({ id: c.id, phone: c.phone, consent: consentOf.get(c.phone) ?? null })));
  counts.consent_recorded += consenting.count;
  if (consenting.count === 0) return;
  await exec(
    tx,
    `insert into consent_records (id, organization_id, phone, contact_id, import_id, action, source, note, evidence, actor_type, actor_id, created_at)
     select x.id, ?, x.phone, x.contact_id, ?, 'consent_recorded', 'import', x.note, x.evidence, ?, ?, ?
     from jsonb_to_recordset(?::jsonb) as x(id uuid, contact_id uuid, phone text, note text, evidence text)`,
    [org, row.id, mapping.requested_by ? 'member' : 'system', mapping.requested_by, now, consenting.json],
  );
}
