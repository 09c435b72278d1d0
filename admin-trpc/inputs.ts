// Input pieces the areas share: the id of the record a call acts on, beside the body REST takes.
import { z } from 'zod';
import { ZId } from '../core/inputs/common.ts';

/**
 * `{ id, ...body }`, the body checked by its own schema on the body alone, so that it refuses exactly as over
 * REST (a body rule such as "name at least one change" counts the fields it is given: the id must not be one).
 */
export function withId<B extends z.ZodType<object>>(body: B): z.ZodType<{ id: string } & z.output<B>, { id: string } & z.input<B>> {
  return z.looseObject({ id: ZId }).transform(({ id, ...rest }, ctx) => {
    const parsed = body.safeParse(rest);
    if (parsed.success) return { id, ...parsed.data };
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
    return z.NEVER;
  }) as never;
}

/** The record a call reads or acts on, and nothing else. */
export const ZIdInput = z.strictObject({ id: ZId });
