// `ops binds ...` and `ops routes ...`: the SMSC binds and the routes by operator.
import type { Args, Command } from './args.ts';
import { check, CliError, integer, list, optional, positional, required } from './args.ts';
import { ZBindName, ZBindSettings, ZOperator, ZRouteBinds, type TBindSettings } from '../../core/app/binds/bind-input.ts';
import { addBind, removeBind, setBind, setBindEnabled } from '../../core/app/binds/manage-binds.ts';
import { listBinds } from '../../core/app/binds/list-binds.ts';
import { listRoutes, setRoute } from '../../core/app/binds/routes.ts';

const SETTING_FLAGS = { url: 'value', 'system-type': 'value', tps: 'value', window: 'value', 'submit-timeout-ms': 'value' } as const;
const SETTINGS_USAGE = '[--system-type T] [--tps N] [--window N] [--submit-timeout-ms N]';

/** The settings given on the command line, each checked by the use case's own schema. */
function givenSettings(args: Args): Partial<TBindSettings> {
  const given: Partial<TBindSettings> = {};
  const url = optional(args, 'url');
  if (url !== undefined) given.url = check(ZBindSettings.shape.url, url, 'url');
  const systemType = optional(args, 'system-type');
  if (systemType !== undefined) given.system_type = check(ZBindSettings.shape.system_type, systemType, 'system-type');
  for (const [flag, key] of [['tps', 'tps'], ['window', 'window'], ['submit-timeout-ms', 'submit_timeout_ms']] as const) {
    const value = optional(args, flag);
    if (value !== undefined) given[key] = check(ZBindSettings.shape[key], Number(integer(flag, value)), flag);
  }
  return given;
}

const name = (args: Args) => check(ZBindName, positional(args, 0), 'name');

const enableCommand = (verb: 'enable' | 'disable'): Command => ({
  name: `binds ${verb}`,
  usage: `binds ${verb} NAME`,
  positionals: ['NAME'],
  prepare(args) {
    const bind = name(args);
    return (ctx) => setBindEnabled(ctx, bind, verb === 'enable');
  },
});

const listCommand: Command = {
  name: 'binds',
  usage: 'binds [list]',
  positionals: ['[list]'],
  prepare(args) {
    const word = args.positionals[0];
    if (word !== undefined && word !== 'list') throw new CliError('invalid_request', `Unknown command ${JSON.stringify(`binds ${word}`)}; run with --help for the list.`, 'command');
    return (ctx) => listBinds(ctx);
  },
};

export const bindCommands: Command[] = [
  listCommand,
  {
    name: 'binds add',
    usage: `binds add NAME --url smpp://system_id:password@host:port ${SETTINGS_USAGE}`,
    positionals: ['NAME'],
    flags: SETTING_FLAGS,
    prepare(args) {
      const bind = name(args);
      required(args, 'url');
      const given = givenSettings(args);
      return (ctx) => {
        const { smpp, smppSubmitTimeoutMs } = ctx.deps.config;
        return addBind(ctx, bind, { system_type: '', tps: smpp.tps, window: smpp.window, submit_timeout_ms: smppSubmitTimeoutMs, ...given } as TBindSettings);
      };
    },
  },
  {
    name: 'binds set',
    usage: `binds set NAME [--url smpp://…] ${SETTINGS_USAGE}`,
    positionals: ['NAME'],
    flags: SETTING_FLAGS,
    prepare(args) {
      const bind = name(args);
      const given = givenSettings(args);
      if (Object.keys(given).length === 0) throw new CliError('invalid_request', '`binds set` needs at least one setting to change: --url, --system-type, --tps, --window or --submit-timeout-ms.', 'settings');
      return (ctx) => setBind(ctx, bind, given);
    },
  },
  {
    name: 'binds remove',
    usage: 'binds remove NAME',
    positionals: ['NAME'],
    prepare(args) {
      const bind = name(args);
      return (ctx) => removeBind(ctx, bind);
    },
  },
  enableCommand('enable'),
  enableCommand('disable'),
  {
    name: 'routes set',
    usage: 'routes set OPERATOR --binds a,b,c',
    positionals: ['OPERATOR'],
    flags: { binds: 'value' },
    prepare(args) {
      const operator = check(ZOperator, positional(args, 0), 'operator');
      const binds = check(ZRouteBinds, list(required(args, 'binds')), 'binds');
      return (ctx) => setRoute(ctx, operator, binds);
    },
  },
  {
    name: 'routes list',
    usage: 'routes list',
    prepare: () => (ctx) => listRoutes(ctx),
  },
];
