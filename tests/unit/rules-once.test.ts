// Each rule has one home: a second copy of a predicate's defining SQL or TypeScript anywhere in the service's code,
// a status written outside the module that applies the state machine's transitions, a wallet or ledger write
// outside core/db/wallets.ts, the organization's row locked outside core/db/lock-order.ts, or the traffic classes
// written out beside TRAFFIC_CLASSES, fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Migrations are history (0024 is the home of the SQL rules); tests and benchmarks seed and inspect data directly.
const SERVICE_DIRS = ['core', 'workers', 'bin', 'graphql', 'admin-trpc', 'rest-facade'];
const MIGRATION = 'migrations/0024-rules-once.ts';

function sources(dirs: string[]): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && !['node_modules', 'dist'].includes(entry.name)) walk(path);
      else if (/\.tsx?$/.test(entry.name)) out.push({ path, text: readFileSync(join(ROOT, path), 'utf8') });
    }
  };
  for (const dir of dirs) walk(dir);
  return out;
}

interface Rule {
  name: string;
  /** The one place that defines it in SQL (migration 0024), and its twin in core/domain. */
  homes: string[];
  patterns: RegExp[];
}

const RULES: Rule[] = [
  {
    name: 'consent: the contact’s latest consent record is a recorded consent',
    homes: [MIGRATION, 'core/domain/consent.ts'],
    patterns: [/\baction\s*(=|<>|!=|\bin\b)\s*\(?\s*'consent_/i, /\.action\s*[!=]==?\s*'consent_/],
  },
  {
    name: 'an active opt-out is one not cleared',
    homes: [MIGRATION, 'core/domain/opt-outs.ts'],
    patterns: [/cleared_at\s+is\s+(not\s+)?null/i, /cleared_at\s*[!=]==?\s*null/i, /\bclearedAt\s*[!=]==?\s*null/, /if\s*\(\s*!?\s*[\w.]*cleared_at\s*\)/i],
  },
  {
    name: 'queued: accepted, live, not yet handed to a dispatcher',
    homes: [MIGRATION, 'core/domain/message-states.ts'],
    patterns: [/submit_started_at\s+is\s+null/i, /submitStartedAt\s*===?\s*null/],
  },
  {
    name: 'the window holds promotional traffic; consent is asked of promotional traffic',
    homes: [MIGRATION, 'core/domain/sending-window.ts', 'core/domain/consent.ts'],
    patterns: [/traffic_class\s*(=|<>|!=)\s*'(transactional|promotional)'/i, /(trafficClass|traffic_class)\s*[!=]==?\s*'(transactional|promotional)'/],
  },
  {
    name: 'the price in force: the newest version of the organization’s plan, the class’s rate',
    homes: [MIGRATION, 'core/domain/pricing.ts'],
    patterns: [/\bfrom\s+price_plans\b/i, /\brates\s*\[/],
  },
  {
    name: 'the organization’s row is locked by lockOrganization alone, step 3 of the lock order',
    homes: ['core/db/lock-order.ts'],
    patterns: [/\bfrom\s+organizations\b[^;`']{0,200}?\bfor\s+(?:no\s+key\s+)?(?:update|share)\b/i],
  },
  {
    name: 'wallet balances and ledger entries are written by one module',
    homes: ['core/db/wallets.ts'],
    patterns: [/update\s+wallets\b(?:\s+\w+)?\s+set\b[^;`']{0,200}?\b(available|held|captured|credited)\s*=/i, /insert\s+into\s+ledger_entries\b/i],
  },
];

function copies(rule: Rule): string[] {
  const found: string[] = [];
  for (const { path, text } of sources(SERVICE_DIRS)) {
    if (rule.homes.includes(path)) continue;
    text.split('\n').forEach((line, i) => {
      for (const pattern of rule.patterns) if (pattern.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
    });
    // Statements span lines: the patterns that look across a statement are tried on the whole text too.
    for (const pattern of rule.patterns.filter((p) => p.source.includes('[^;`'))) {
      for (const m of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
        const line = text.slice(0, m.index).split('\n').length;
        const at = `${path}:${line}:`;
        if (!found.some((f) => f.startsWith(at))) found.push(`${at} ${m[0].replace(/\s+/g, ' ').slice(0, 120)}`);
      }
    }
  }
  return found;
}

describe('each rule is written once', () => {
  it.each(RULES.map((r) => [r.name, r] as const))('%s', (_name, rule) => {
    expect(copies(rule)).toEqual([]);
  });

  it('the SQL homes define every rule the statements call', () => {
    const migration = readFileSync(join(ROOT, MIGRATION), 'utf8');
    for (const fn of ['latest_consent', 'contact_consented', 'number_consented', 'opt_out_active', 'active_opt_out', 'message_queued', 'waits_for_window', 'price_plan_in_force']) {
      expect(migration, fn).toMatch(new RegExp(`create function ${fn}\\(`));
    }
  });
});

describe('every status change goes through its state machine', () => {
  // The modules that apply transitions: each asks the state table (transition) before it writes a status.
  const MOVERS: Record<string, string> = { messages: 'core/app/messages/message-moves.ts', campaigns: 'core/db/campaigns/campaign-moves.ts' };
  // Where a mover's status write lives when its SQL is in core/db: the one query that writes it, called by the mover alone.
  const WRITERS: Record<string, { path: string; fn: string }> = { messages: { path: 'core/db/messages/message-moves.ts', fn: 'writeMessageMoves' } };
  const writesStatusOf = (table: string) => [MOVERS[table], WRITERS[table]?.path];

  it('only the movers write the status of a message or a campaign', () => {
    const writes: string[] = [];
    for (const { path, text } of sources(SERVICE_DIRS)) {
      for (const m of text.matchAll(/update\s+(messages|campaigns)\b(?:\s+(?:as\s+)?\w+)?\s+set\b([\s\S]*?)(?=\bwhere\b|\bfrom\b|\breturning\b|`|'|;|$)/gi)) {
        if (!/(^|[\s,.])status\s*=/i.test(m[2]!) || writesStatusOf(m[1]!.toLowerCase()).includes(path)) continue;
        writes.push(`${path}:${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ').slice(0, 100)}`);
      }
    }
    expect(writes).toEqual([]);
  });

  it('the movers take the next status from the state table', () => {
    for (const path of Object.values(MOVERS)) {
      const text = readFileSync(join(ROOT, path), 'utf8');
      expect(text, path).toMatch(/import \{[^}]*\btransition\b[^}]*\} from '\.\.\/\.\.\/domain\/(message|campaign)-states\.ts'/);
      expect(text, path).toMatch(/\btransition\(/);
    }
  });

  it('a status write in core/db is called by its mover alone', () => {
    for (const [table, { path, fn }] of Object.entries(WRITERS)) {
      const callers = sources(SERVICE_DIRS)
        .filter((s) => s.path !== path && new RegExp(`\\b${fn}\\b`).test(s.text))
        .map((s) => s.path);
      expect(callers, `${fn} (${path})`).toEqual([MOVERS[table]]);
    }
  });
});

describe('one list of traffic classes', () => {
  it('is TRAFFIC_CLASSES: no other list of them in the service or the dashboard', () => {
    const lists: string[] = [];
    for (const { path, text } of sources([...SERVICE_DIRS, 'dashboard/src'])) {
      if (path === 'core/domain/pricing.ts') continue;
      text.split('\n').forEach((line, i) => {
        if (/'transactional'[^\n]{0,60}'promotional'|'promotional'[^\n]{0,60}'transactional'/.test(line)) lists.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(lists).toEqual([]);
  });
});
