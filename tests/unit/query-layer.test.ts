// The use cases read like the spec: they call named queries of core/db and hold no SQL of their own. Every
// statement lives in core/db; only core/db reaches the database (MikroORM's EntityManager, its connection, or
// the hot-path runner of core/db/sql.ts). A use case may hold a hot path's transaction, never run a statement.
// The dependency goes one way: core/db imports nothing of core/app, not even a type.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const USE_CASES = 'core/app';
const QUERY_LAYER = 'core/db';

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

/** The code of a file without its comments: a comment may say what a query does; code may not hold it. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The string and template literals of a file's code. */
function literals(text: string): string[] {
  return [...code(text).matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map(([s]) => s);
}

/** SQL in a literal: a statement's opening words, or a clause no English sentence of ours holds. */
const SQL_TEXT = [
  /\bselect\s[\s\S]*?\bfrom\s+(?:\w+\s*\(|\w+_\w+|\w+\s+(?:where|join|left|inner|cross|as|order|group|limit|for|on)\b|\w+\s*[`'"]|\(|\w+\s+\w+\s+(?:where|join|on|cross|left)\b)/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+\w+\s+set\b/i,
  /\bdelete\s+from\b/i,
  /\bon\s+conflict\b/i,
  /\bfor\s+update\b(?!\s+(?:the|a|an|this|it)\b)/i,
  /\bwith\s+\w+\s+as\s*\(/i,
  /\bwhere\s+\w+(?:\.\w+)?\s*(?:=|<|>|is\b|in\s*\(|between\b|like\b)/i,
  /\breturning\s+[\w*]/i,
  /^[`'"]\s*(?:begin|commit|rollback)\b/i,
  /\bcopy\s+\w+.*\bfrom\s+stdin\b/i,
  /\bpg_\w+\s*\(/i,
  /::\s*(?:uuid|text|int|bigint|timestamptz|jsonb|boolean)\b/i,
];

/** What only the query layer may touch: the driver, the ORM's values, the raw runner, and an EntityManager's queries. */
const DATABASE_REACH: { what: string; pattern: RegExp }[] = [
  { what: 'the pg driver (other than its types)', pattern: /^import\s+(?!type\b)[^;]*from\s*'pg(?:-[\w-]+)?'|import\s*\(\s*'pg/m },
  { what: 'MikroORM (other than its types)', pattern: /^import\s+(?!type\b)[^;]*from\s*'@mikro-orm\/[^']+'/m },
  {
    what: "an EntityManager's queries",
    pattern: /\bem\s*\.\s*(?:execute|find\w*|count|create|persist\w*|flush|remove|nativeInsert|nativeUpdate|nativeDelete|insert\w*|upsert\w*|createQueryBuilder|qb|getConnection|getKnex|getRepository|getReference|lock|refresh|populate)\s*[(<]/,
  },
];

/**
 * What core/app may take from core/db/sql.ts: the handles of a hot path's transaction, which a use case holds
 * (its rules decide what the transaction does); never a statement runner (rows, one, exec, prepared...).
 */
const TRANSACTION_HANDLES = new Set(['nativePool', 'nativeTransaction', 'foldedTransaction', 'FoldedTransaction', 'Runner']);

/** The names a file imports from core/db/sql.ts that are not transaction handles. */
function runnersImported(text: string): string[] {
  return [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'(?:\.\.\/)+db\/sql\.ts'/g)]
    .flatMap(([, names]) => names!.split(','))
    .map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!)
    .filter((n) => n && !TRANSACTION_HANDLES.has(n));
}

function sqlFindings(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const literal of literals(text)) {
    if (SQL_TEXT.some((p) => p.test(literal))) found.push(`${file}: SQL text ${literal.slice(0, 80).replace(/\s+/g, ' ')}`);
  }
  for (const { what, pattern } of DATABASE_REACH) {
    if (pattern.test(code(text))) found.push(`${file}: reaches ${what}`);
  }
  for (const name of runnersImported(code(text))) found.push(`${file}: imports the statement runner ${name} of core/db/sql.ts`);
  return found;
}

/** The modules a file names (imports, re-exports, type imports, dynamic imports), as paths from the root. */
function modulesNamed(file: string, text: string): string[] {
  const specifiers = [...code(text).matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(([, spec]) => spec!);
  return specifiers.filter((spec) => spec.startsWith('.')).map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec)));
}

const useCaseModules = (file: string, text: string) => modulesNamed(file, text).filter((path) => path === USE_CASES || path.startsWith(`${USE_CASES}/`));

describe('the query layer', () => {
  it('core/db imports nothing of core/app, types included', () => {
    const found = sources(QUERY_LAYER).flatMap((file) => useCaseModules(file, readFileSync(join(ROOT, file), 'utf8')).map((path) => `${file}: imports ${path}`));
    expect(found).toEqual([]);
  });

  it('finds an import of core/app in whatever form it takes', () => {
    const file = 'core/db/messages/x.ts';
    for (const sample of [
      "import type { Deps } from '../../app/context.ts';",
      "import { newCtx } from '../../app/context.ts';",
      "export type { Ctx } from '../../app/context.ts';",
      "type D = import('../../app/context.ts').Deps;",
      "import '../../app/x.ts';",
    ]) {
      expect(useCaseModules(file, sample), sample).not.toEqual([]);
    }
    for (const sample of ["import { rows } from '../sql.ts';", "import type { Role } from '../../domain/access.ts';", "// from '../../app/context.ts'", "import DataLoader from 'dataloader';"]) {
      expect(useCaseModules(file, sample), sample).toEqual([]);
    }
  });


  it('core/app holds no SQL and reaches the database only through core/db', () => {
    const findings = sources(USE_CASES).flatMap(sqlFindings);
    expect(findings).toEqual([]);
  });

  it('finds SQL text and database reach when they are there', () => {
    const samples = [
      "const s = `select id from messages where organization_id = ?`;",
      "const s = 'insert into contacts (id) values (?)';",
      'const s = "update wallets set held = held + ?";',
      "const s = 'delete from sessions where expires_at < ?';",
      "import pg from 'pg';",
      "import { raw } from '@mikro-orm/postgresql';",
      "import { rows } from '../../db/sql.ts';",
      "import { nativePool, one } from '../../db/sql.ts';",
      'await ctx.em.execute(statement, []);',
      'const m = await em.findOne(Member, { id });',
    ];
    for (const sample of samples) {
      const text = code(sample);
      const hit = literals(text).some((l) => SQL_TEXT.some((p) => p.test(l))) || DATABASE_REACH.some(({ pattern }) => pattern.test(text)) || runnersImported(text).length > 0;
      expect(hit, sample).toBe(true);
    }
    const innocent = [
      "import type { EntityManager } from '@mikro-orm/postgresql';",
      "throw new DomainError('not_found', 'No message has the id ' + id + '.');",
      "const m = 'Select a sender ID from the list.';",
      'await findMessage(ctx.em, id);',
      "import { nativeTransaction, type Runner } from '../../db/sql.ts';",
      "import type { Pool } from 'pg';",
    ];
    for (const sample of innocent) {
      const text = code(sample);
      const hit = literals(text).some((l) => SQL_TEXT.some((p) => p.test(l))) || DATABASE_REACH.some(({ pattern }) => pattern.test(text)) || runnersImported(text).length > 0;
      expect(hit, sample).toBe(false);
    }
  });
});
