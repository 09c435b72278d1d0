// zod failures as the spec's 422 validation_failed, naming the offending field (shared by every adapter).
import { z } from 'zod';
import { DomainError } from '../domain/errors.ts';

export function fieldOf(issue: z.core.$ZodIssue): string | undefined {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys[0]) path.push(issue.keys[0]);
  return path.length ? path.join('.') : undefined;
}

export function validationError(error: z.ZodError, fallbackField?: string): DomainError {
  const issue = error.issues[0];
  if (!issue) return new DomainError('validation_failed', 'The request is not valid.');
  const field = fieldOf(issue) ?? fallbackField;
  const message =
    issue.code === 'unrecognized_keys'
      ? `Unknown field ${issue.keys.join(', ')}: it is not part of this operation.`
      : `${field ?? 'request'}: ${issue.message}`;
  return new DomainError('validation_failed', message, { field });
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, fallbackField?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, fallbackField);
  return parsed.data;
}
