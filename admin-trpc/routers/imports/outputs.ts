// Contact imports' answers, as REST's `data` holds them.
import { z } from 'zod';
import { ZInstant } from '../../outputs.ts';
import { IMPORT_COUNTS } from '../../../core/app/imports/import-view.ts';

const ZJson = z.record(z.string(), z.unknown()).nullable();

export const ZContactImport = z.strictObject({
  id: z.string(),
  state: z.string(),
  filename: z.string().nullable(),
  delimiter: z.string().nullable(),
  columns: z.array(z.string()).nullable(),
  rows: z.number(),
  bytes: z.number(),
  error: ZJson,
  mapping: ZJson,
  consent: ZJson,
  group_id: z.string().nullable(),
  // Every count present, no other: a record keyed by an enum is exhaustive in zod.
  counts: z.record(z.enum(IMPORT_COUNTS), z.number()),
  created_at: ZInstant,
  uploaded_at: ZInstant,
  started_at: ZInstant,
  completed_at: ZInstant,
  expires_at: ZInstant,
  purged_at: ZInstant,
});
export const ZContactImportAnswer = z.strictObject({ import: ZContactImport });
