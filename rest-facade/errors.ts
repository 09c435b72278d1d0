// The failure envelope: {success: false, error: {code, message, field?, details?}} with the spec's status.
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../core/domain/errors.ts';
import { ERROR_STATUS } from '../core/transport/error-status.ts';
import { busyError, throttledFaultLog } from '../core/transport/busy.ts';
import { errorBody } from '../core/transport/envelope.ts';
import { RETRY_AFTER_HEADER } from '../core/transport/headers.ts';

export interface ErrorLogger {
  error(message: string, err: unknown): void;
}

interface HttpishError {
  type?: string;
  status?: number;
  code?: unknown;
}

/** Errors raised by express's JSON parser or router before any route ran. */
function fromParser(err: HttpishError): DomainError | null {
  if (err.type === 'entity.too.large') return new DomainError('payload_too_large', 'The request body is larger than 1 MiB.', { field: 'body' });
  if (err.type === 'entity.parse.failed') return new DomainError('invalid_request', 'The request body is not valid JSON.', { field: 'body' });
  if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported') {
    return new DomainError('invalid_request', 'The request body must be UTF-8 JSON.', { field: 'body' });
  }
  // A body that says it is compressed but does not inflate (zlib's Z_DATA_ERROR, Z_BUF_ERROR, ...).
  if (err.status === 400 && typeof err.code === 'string' && err.code.startsWith('Z_')) {
    return new DomainError('invalid_request', 'The request body could not be decompressed as its Content-Encoding says.', { field: 'body' });
  }
  if (err.type === 'request.aborted') return new DomainError('invalid_request', 'The request body was not received in full.');
  // A path whose percent-encoding does not decode (express's router raises a URIError): no such resource.
  if (err instanceof URIError) return new DomainError('not_found', 'Nothing was found at this path: it is not validly percent-encoded.');
  return null;
}

export function errorMiddleware(logger: ErrorLogger) {
  const logFault = throttledFaultLog((m, e) => logger.error(m, e));
  return (err: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(err);
      return;
    }
    let domain = err instanceof DomainError ? err : fromParser((err ?? {}) as HttpishError);
    // Contention that outlasted every retry, or a database that is down or frozen: the service is busy.
    if (!domain) {
      domain = busyError(err);
      if (domain) logFault(err);
    }
    if (!domain) {
      logger.error('unexpected error', err);
      domain = new DomainError('internal_error', 'Something went wrong on our side; the request had no effect and may be retried.');
    }
    if (domain.retryAfter !== undefined) res.setHeader(RETRY_AFTER_HEADER, String(domain.retryAfter));
    res.status(ERROR_STATUS[domain.code]).json(errorBody(domain));
  };
}
