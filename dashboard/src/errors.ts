// What a failed call says: its spec error code in the language shown, the field it names (error.data.ujumbe.field),
// and whether it was a 401. The service's messages are English and name the refused value exactly, so English
// shows them as they are; Kiswahili says the code's sentence from common.ts.
import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../admin-trpc/router.ts';
import { currentLanguage, i18next } from './i18n/i18n.ts';
import { errorsEn } from './i18n/error-codes.ts';

export type ApiError = TRPCClientError<AppRouter>;

/** A refusal from GraphQL (the reports page): its first error's message, code and field, and the HTTP status. */
export class GraphqlRefusal extends Error {
  readonly httpStatus: number;
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(message: string, httpStatus: number, code: string | undefined, field: string | undefined) {
    super(message);
    this.httpStatus = httpStatus;
    this.code = code;
    this.field = field;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof TRPCClientError;
}

function statusOf(err: unknown): number | undefined {
  if (err instanceof GraphqlRefusal) return err.httpStatus;
  return isApiError(err) ? err.data?.httpStatus : undefined;
}

/** The session is missing or over: the dashboard goes back to its sign-in page. */
export function isUnauthorized(err: unknown): boolean {
  return statusOf(err) === 401 || errorCode(err) === 'unauthorized';
}

/** A refusal the same request would meet again (a 4xx): retrying it is pointless. */
export function isRefusal(err: unknown): boolean {
  const status = statusOf(err);
  return (status !== undefined && status >= 400 && status < 500) || (err instanceof GraphqlRefusal && err.code !== undefined && err.code !== 'busy');
}

function knownCode(code: string | undefined): code is keyof typeof errorsEn {
  return code !== undefined && Object.hasOwn(errorsEn, code);
}

/** The refusal in the language shown; a call that reached no server says so instead of the browser's wording. */
export function errorMessage(err: unknown): string {
  const code = errorCode(err);
  const said = err instanceof GraphqlRefusal || (isApiError(err) && err.data) ? (err as Error).message : '';
  if (knownCode(code)) return currentLanguage() === 'en' && said ? said : i18next.t(`common:errors.${code}`);
  if (said) return said;
  if (isApiError(err) || err instanceof TypeError) return i18next.t('common:unreachable');
  // A refusal a page makes itself (a link cut short) is already written in the language shown.
  if (err instanceof Error && err.message) return err.message;
  return i18next.t('common:somethingWrong');
}

/** The input field a refusal names (spec error field), if any. */
export function errorField(err: unknown): string | undefined {
  if (err instanceof GraphqlRefusal) return err.field;
  return (isApiError(err) && err.data?.ujumbe?.field) || undefined;
}

/** The spec error code of a refusal (validation_failed, insufficient_funds, ...). */
export function errorCode(err: unknown): string | undefined {
  if (err instanceof GraphqlRefusal) return err.code;
  return (isApiError(err) && err.data?.ujumbe?.code) || undefined;
}
