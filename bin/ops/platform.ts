// `ops platform ...`: the SMS route, the promotional sending window and the live-dispatch switch.
import { z } from 'zod';
import type { Command } from './args.ts';
import { check, positional, required } from './args.ts';
import { ZSmsRoute, ZWindowTime, setLiveDispatch, setSendingWindow, setSmsRoute } from '../../core/app/platform/settings.ts';

export const platformCommands: Command[] = [
  {
    name: 'platform route',
    usage: 'platform route gsm0338|ascii',
    positionals: ['ROUTE'],
    prepare(args) {
      const route = check(ZSmsRoute, positional(args, 0), 'route');
      return (ctx) => setSmsRoute(ctx, route);
    },
  },
  {
    name: 'platform window',
    usage: 'platform window --opens HH:MM --closes HH:MM',
    flags: { opens: 'value', closes: 'value' },
    prepare(args) {
      const opens = check(ZWindowTime, required(args, 'opens'), 'opens');
      const closes = check(ZWindowTime, required(args, 'closes'), 'closes');
      return (ctx) => setSendingWindow(ctx, opens, closes);
    },
  },
  {
    name: 'platform live-dispatch',
    usage: 'platform live-dispatch on|off',
    positionals: ['on|off'],
    prepare(args) {
      const on = check(z.enum(['on', 'off']), positional(args, 0), 'live-dispatch') === 'on';
      return (ctx) => setLiveDispatch(ctx, on);
    },
  },
];
