// What a failed call says: the server's message, the field it names (error.data.ujumbe.field), and whether it was a 401.
import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../admin-trpc/router.ts';

export type ApiError = TRPCClientError<AppRouter>;

export function isApiError(err: unknown): err is ApiError {
  return err instanceof TRPCClientError;
}

/** The session is missing or over: the dashboard goes back to its sign-in page. */
export function isUnauthorized(err: unknown): boolean {
  return isApiError(err) && err.data?.httpStatus === 401;
}

/** A refusal the same request would meet again (a 4xx): retrying it is pointless. */
export function isRefusal(err: unknown): boolean {
  const status = isApiError(err) ? err.data?.httpStatus : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** The server's own message; a call that reached no server says so instead of the browser's wording. */
export function errorMessage(err: unknown): string {
  if (isApiError(err) && err.data) return err.message;
  if (isApiError(err) || err instanceof TypeError) return 'The service could not be reached. Check the connection and try again.';
  return err instanceof Error ? err.message : 'Something went wrong.';
}

/** The input field a refusal names (spec error field), if any. */
export function errorField(err: unknown): string | undefined {
  return (isApiError(err) && err.data?.ujumbe?.field) || undefined;
}

/** The spec error code of a refusal (validation_failed, insufficient_funds, ...). */
export function errorCode(err: unknown): string | undefined {
  return (isApiError(err) && err.data?.ujumbe?.code) || undefined;
}
