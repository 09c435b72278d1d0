// Months as the statement shows them: named in the language shown, in Dar es Salaam, and the address of a month's
// printable page and of its CSV.
import { dateTimeFormat } from '../format/locale.ts';
import { TIME_ZONE } from '../format/days.ts';
import { href } from '../router.ts';
import { restLink } from '../../../core/transport/rest-paths.ts';
import { monthBounds } from '../../../core/domain/wallet-statement.ts';

/** "October 2026" / "Oktoba 2026". */
export function formatMonth(month: string): string {
  return dateTimeFormat({ timeZone: TIME_ZONE, month: 'long', year: 'numeric' }).format(monthBounds(month).from);
}

export const statementPage = (month: string) => href(`/wallet/statement/${month}`);

/** The CSV, downloaded with the member's session (a GET needs no CSRF token; REST checks wallet.read). */
export const statementFile = (month: string) => restLink('exportWalletStatement', { month });
