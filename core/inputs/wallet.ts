// Inputs of the wallet's operations that the dashboard's forms share with the server.
import { z } from 'zod';
import { ZEatDay, refineDayRange } from './day-range.ts';

/** The ledger CSV: the days its entries were written (EAT). */
export const ZLedgerExportQuery = z.strictObject({ from: ZEatDay, to: ZEatDay }).superRefine(refineDayRange);
export type TLedgerExportQuery = z.infer<typeof ZLedgerExportQuery>;
