// Output pieces every area's procedures share: instants, deletions, replays, secrets shown once, pages.
import { z } from 'zod';

/** An instant as the views give it (RFC 3339 text), or null where the view has none. */
export const ZInstant = z.string().nullable();

export const ZDeleted = z.strictObject({ id: z.string(), deleted: z.boolean() });

/** Added to an answer whose call may repeat an earlier one (an idempotency key, a finished action). */
export const ZReplay = { replay: z.boolean() };

/** A secret shown once: null with secret_shown false on a replay. */
export const ZSecretOnce = { secret: z.string().nullable(), secret_shown: z.boolean(), ...ZReplay };

/** A keyset page as REST answers it: the items under their name, and the id to pass as `before` for the next page. */
export function pageOf<K extends string, T extends z.ZodType>(name: K, item: T) {
  return z.strictObject({ [name]: z.array(item), next_before: z.string().nullable() } as { [P in K]: z.ZodArray<T> } & { next_before: z.ZodNullable<z.ZodString> });
}
