#!/usr/bin/env node
// `npm run ops -- <command>` (bin `ujumbe-ops`): the operator CLI; every call prints one JSON object on stdout.
import type { Command } from './ops/args.ts';
import { CliError, parseArgs } from './ops/args.ts';
import { orgCommands } from './ops/org.ts';
import { walletCommands } from './ops/wallet.ts';
import { pricePlanCommands } from './ops/price-plan.ts';
import { senderCommands } from './ops/sender.ts';
import { memberCommands } from './ops/member.ts';
import { keyCommands } from './ops/key.ts';
import { platformCommands } from './ops/platform.ts';
import { clockCommands } from './ops/clock.ts';
import { tickCommands } from './ops/tick.ts';
import { paymentCommands } from './ops/payments.ts';
import { numberCommands } from './ops/numbers.ts';
import { bindCommands } from './ops/binds.ts';
import { boot, log } from './boot.ts';
import { loadEnv } from '../core/config.ts';
import { migrate } from '../core/db/migrate.ts';
import { newCtx } from '../core/app/context.ts';
import { DomainError } from '../core/domain/errors.ts';
import { StartupError } from '../core/startup-error.ts';

// Scripts read the last JSON object on stdout, so anything a library prints goes to stderr instead.
console.log = console.info = console.debug = (...parts: unknown[]) => console.error(...parts);

const COMMANDS: Command[] = [
  ...orgCommands,
  ...walletCommands,
  ...paymentCommands,
  ...numberCommands,
  ...pricePlanCommands,
  ...senderCommands,
  ...memberCommands,
  ...keyCommands,
  ...platformCommands,
  ...clockCommands,
  ...tickCommands,
  ...bindCommands,
];

interface Outcome {
  body: object;
  exitCode: number;
}

function usage(): object {
  return { usage: COMMANDS.map((c) => `ujumbe-ops ${c.usage}`) };
}

function findCommand(argv: string[]): { command: Command; rest: string[] } {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    const command = COMMANDS.find((c) => c.name === name);
    if (command) return { command, rest: argv.slice(words) };
  }
  const first = argv[0] ?? '';
  if (first.startsWith('-')) throw new CliError('invalid_request', 'The command comes first; run with --help for the list.', 'command');
  const second = argv[1];
  const group = COMMANDS.some((c) => c.name.startsWith(`${first} `));
  const asked = group && second !== undefined && !second.startsWith('-') ? `${first} ${second}` : first;
  throw new CliError('invalid_request', `Unknown command ${JSON.stringify(asked)}; run with --help for the list.`, 'command');
}

async function run(argv: string[]): Promise<Outcome> {
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help') || argv[0] === '-h') {
    return { body: usage(), exitCode: 0 };
  }
  const env = loadEnv();
  const { command, rest } = findCommand(argv);
  if (command.testClockOnly && env.CLOCK !== 'test') {
    throw new CliError('invalid_request', 'The clock can be moved only when the environment has CLOCK=test.', 'CLOCK');
  }
  const work = command.prepare(parseArgs(command, rest));
  // Migrating first lets a call on a fresh DATA_DIR work; on a migrated database it only reads.
  const booted = await boot({ migrateFirst: migrate, poolMax: 2 });
  try {
    return { body: await work(await newCtx(booted.deps)), exitCode: 0 };
  } finally {
    await booted.close().catch((err: unknown) => log('ops: closing the database failed', { error: String(err) }));
  }
}

function failure(err: unknown): Outcome {
  if (err instanceof CliError) {
    return { body: { error: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) } }, exitCode: err.exitCode };
  }
  if (err instanceof DomainError) {
    const badInput = err.code === 'validation_failed' || err.code === 'invalid_request';
    const error = { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}), ...(err.details ? { details: err.details } : {}) };
    return { body: { error }, exitCode: badInput ? 2 : 1 };
  }
  if (err instanceof StartupError) {
    return { body: { error: { code: err.exitCode === 2 ? 'invalid_request' : 'startup_failed', message: err.message } }, exitCode: err.exitCode };
  }
  log('ops: command failed', { error: String((err as Error)?.stack ?? err) });
  return { body: { error: { code: 'internal_error', message: (err as Error)?.message ?? String(err) } }, exitCode: 1 };
}

function print(outcome: Outcome): void {
  const json = JSON.stringify(outcome.body, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value), process.stdout.isTTY ? 2 : undefined);
  // Exiting explicitly: a pool or timer left behind by a library must not keep the process alive.
  process.stdout.write(`${json}\n`, () => process.exit(outcome.exitCode));
}

print(await run(process.argv.slice(2)).catch(failure));
