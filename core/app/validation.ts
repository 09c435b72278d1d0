// zod failures as the spec's 422 validation_failed, naming the offending field (shared by every adapter).
import { z } from 'zod';
import { DomainError } from '../domain/errors.ts';

export function fieldOf(issue: z.core.$ZodIssue): string | undefined {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys[0]) path.push(issue.keys[0]);
  return path.length ? path.join('.') : undefined;
}

/**
 * A union's refusal names the form the input came closest to (the branch with the fewest issues, the first on a
 * tie), not "Invalid input": a body that meant one form is told what that form lacks.
 */
function closestIssue(issue: z.core.$ZodIssue | undefined): z.core.$ZodIssue | undefined {
  if (issue?.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
  const inner = closest[0];
  return inner ? closestIssue({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue) : issue;
}

export function validationError(error: z.ZodError, fallbackField?: string): DomainError {
  const issue = closestIssue(error.issues[0]);
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
