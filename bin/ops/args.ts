// Operator CLI plumbing: the command shape, argv parsing and the input checks that become JSON errors.
import type { z } from 'zod';
import type { Actor } from '../../core/app/actor.ts';
import type { Ctx } from '../../core/app/context.ts';
import { UUID_RE } from '../../core/db/ids.ts';

export const operator: Actor = { kind: 'operator' };

/** A refusal decided by the CLI itself; exit 2 marks bad input, as for zod failures. */
export class CliError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  readonly exitCode: number;

  constructor(code: string, message: string, field?: string, exitCode = 2) {
    super(message);
    this.name = 'CliError';
    this.code = code;
    this.field = field;
    this.exitCode = exitCode;
  }
}

export interface Args {
  positionals: string[];
  flags: Map<string, string | true>;
}

export interface Command {
  /** The words that select it, e.g. `org create`. */
  name: string;
  usage: string;
  positionals?: string[];
  flags?: Record<string, 'value' | 'switch'>;
  /** Refused unless the environment has CLOCK=test. */
  testClockOnly?: boolean;
  /** Checks every input before the database is touched, and returns the work to do. */
  prepare(args: Args): (ctx: Ctx) => Promise<object>;
}

export function parseArgs(command: Command, tokens: string[]): Args {
  const spec = command.flags ?? {};
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (!token.startsWith('--') || token === '--') {
      // A single dash is a value (`--amount -5` must reach validation, not look like a flag).
      positionals.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const name = token.slice(2, eq < 0 ? undefined : eq);
    const inline = eq < 0 ? undefined : token.slice(eq + 1);
    const kind = spec[name];
    if (!kind) throw new CliError('invalid_request', `\`${command.name}\` has no flag --${name}; see --help.`, name);
    if (flags.has(name)) throw new CliError('invalid_request', `--${name} is given more than once.`, name);
    if (kind === 'switch') {
      if (inline !== undefined) throw new CliError('invalid_request', `--${name} takes no value.`, name);
      flags.set(name, true);
      continue;
    }
    const value = inline ?? tokens[i + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new CliError('invalid_request', `--${name} needs a value.`, name);
    }
    if (inline === undefined) i++;
    flags.set(name, value);
  }
  const expected = command.positionals ?? [];
  // A positional named in brackets ([ORG]) may be left out.
  const needed = expected.filter((name) => !name.startsWith('[')).length;
  if (positionals.length < needed) {
    const missing = expected[positionals.length] ?? 'an argument';
    throw new CliError('invalid_request', `\`${command.name}\` needs ${missing}: ${command.usage}`, missing);
  }
  if (positionals.length > expected.length) {
    throw new CliError('invalid_request', `Unexpected argument ${JSON.stringify(positionals[expected.length])}: ${command.usage}`);
  }
  return { positionals, flags };
}

export function positional(args: Args, index: number): string {
  return args.positionals[index] ?? '';
}

export function required(args: Args, flag: string): string {
  const value = args.flags.get(flag);
  if (typeof value !== 'string') throw new CliError('invalid_request', `--${flag} is required.`, flag);
  return value;
}

export function optional(args: Args, flag: string): string | undefined {
  const value = args.flags.get(flag);
  return typeof value === 'string' ? value : undefined;
}

export function switchOn(args: Args, flag: string): boolean {
  return args.flags.get(flag) === true;
}

/** Whole numbers only: BigInt() alone would also take '0x10', ' 12 ' and ''. */
export function integer(flag: string, value: string): bigint {
  if (!/^-?\d+$/.test(value)) throw new CliError('validation_failed', `--${flag} must be a whole number, got ${JSON.stringify(value)}.`, flag);
  return BigInt(value);
}

export function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A malformed id is refused like an unknown one (DESIGN.md section 5), with the use cases' wording. */
export function organizationId(value: string): string {
  if (!UUID_RE.test(value)) throw new CliError('not_found', `No organization has the id ${value}.`, 'organization', 1);
  return value;
}

const FIELD_NAMES: Record<string, string> = {
  organizationId: 'organization',
  routeApproved: 'route-approved',
  expires_in_days: 'expires-in-days',
};

/** Parses with a use case's own schema; the first issue becomes the error, named after the CLI flag. */
export function check<S extends z.ZodType>(schema: S, input: unknown, field?: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue?.path[0];
  const name = field ?? (typeof key === 'string' ? (FIELD_NAMES[key] ?? key) : undefined);
  const message = issue?.message ?? 'invalid value';
  throw new CliError('validation_failed', name ? `${name}: ${message}` : message, name);
}

/** A command that takes only ORG and runs one operator use case on it (verify, freeze, …). */
export function orgCommand(name: string, run: (ctx: Ctx, organizationId: string) => Promise<object>): Command {
  return {
    name,
    usage: `${name} ORG`,
    positionals: ['ORG'],
    prepare(args) {
      const id = organizationId(positional(args, 0));
      return (ctx) => run(ctx, id);
    },
  };
}
