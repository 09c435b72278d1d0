// The inputs of binds and routes, parsed by zod; the URL's password never appears in a view or an error.
import { z } from 'zod';
import { OPERATORS } from '../../domain/operators.ts';

export const ZBindName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a bind name: lower-case letters, digits and dashes, at most 40, starting with a letter or digit');

/** smpp://system_id:password@host:port, checked without repeating it (it carries a password). */
export const ZSmppUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'smpp:' && url.username !== '' && url.hostname !== '' && url.pathname === '' && url.search === '';
  } catch {
    return false;
  }
}, 'an SMPP URL written smpp://system_id:password@host:port (port 2775 when left out)');

export const ZBindSettings = z.object({
  url: ZSmppUrl,
  system_type: z.string().max(12, 'at most 12 characters').regex(/^[\x20-\x7e]*$/, 'printable ASCII only'),
  tps: z.number().int().min(1).max(10_000),
  window: z.number().int().min(1).max(1000),
  submit_timeout_ms: z.number().int().min(100).max(600_000),
});
export type TBindSettings = z.infer<typeof ZBindSettings>;

export const ZOperator = z.enum(OPERATORS as [string, ...string[]], { message: `one of ${OPERATORS.join(', ')}` });

export const ZRouteBinds = z
  .array(ZBindName)
  .min(1, 'at least one bind')
  .max(10, 'at most 10 binds')
  .refine((binds) => new Set(binds).size === binds.length, 'each bind at most once');

/** The URL as shown: its password left out. */
export function shownUrl(value: string): string {
  const url = new URL(value);
  return `smpp://${url.username}@${url.host}`;
}
