// Keeps core/inputs importable by the browser: its modules import zod, core/domain and each other, nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, stripComments } from '../support/source-imports.ts';

const CORE = resolve(dirname(fileURLToPath(import.meta.url)), '../../core');
const INPUTS_DIR = join(CORE, 'inputs');
const ALLOWED_DIRS = [join(CORE, 'domain') + sep, INPUTS_DIR + sep];

/** Every module a source names (imports, re-exports, side-effect imports, import() of a literal), comments aside. */
function specifiers(src: string): string[] {
  const code = stripComments(src);
  const found = importSpecifiers(code);
  // An import() of a computed name could reach anything: it is refused whatever it names.
  if (/\bimport\s*\(\s*[^'"`\s)]/.test(code)) found.push('import() of a computed specifier');
  return found;
}

function allowed(specifier: string, fromFile: string): boolean {
  if (specifier === 'zod' || specifier.startsWith('zod/')) return true;
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return false;
  const target = resolve(dirname(fromFile), specifier);
  return specifier.endsWith('.ts') && ALLOWED_DIRS.some((dir) => target.startsWith(dir));
}

function violations(src: string, file: string): string[] {
  return specifiers(src)
    .filter((s) => !allowed(s, file))
    .map((s) => `imports ${s}`);
}

describe('the inputs import checker', () => {
  const file = join(INPUTS_DIR, 'example.ts');
  const cases: Array<{ name: string; src: string; bad: string[] }> = [
    { name: 'zod', src: "import { z } from 'zod';", bad: [] },
    { name: 'a domain module', src: "import { ROLES } from '../domain/access.ts';", bad: [] },
    { name: 'a type from the domain', src: "import type { MessageStatus } from '../domain/message-states.ts';", bad: [] },
    { name: 'another inputs module', src: "import { ZId } from './common.ts';", bad: [] },
    { name: 'a multi-line import', src: "import {\n  ZId,\n  ZPage,\n} from './common.ts';", bad: [] },
    { name: 'a re-export of an inputs module', src: "export { ZId } from './common.ts';", bad: [] },
    { name: 'a mention in a comment', src: "// never from '../app/paging.ts'\nconst x = 1;", bad: [] },
    { name: 'a use case', src: "import { ZId } from '../app/paging.ts';", bad: ['imports ../app/paging.ts'] },
    { name: 'a type from a use case', src: "import type { Ctx } from '../app/context.ts';", bad: ['imports ../app/context.ts'] },
    { name: 'the database layer', src: "import { newId } from '../db/ids.ts';", bad: ['imports ../db/ids.ts'] },
    { name: 'a re-export of a use case', src: "export * from '../app/validation.ts';", bad: ['imports ../app/validation.ts'] },
    { name: 'a node module', src: "import { randomUUID } from 'node:crypto';", bad: ['imports node:crypto'] },
    { name: 'a package other than zod', src: "import { initTRPC } from '@trpc/server';", bad: ['imports @trpc/server'] },
    { name: 'a look-alike package', src: "import x from 'zodiac';", bad: ['imports zodiac'] },
    { name: 'a side-effect import', src: "import '../app/context.ts';", bad: ['imports ../app/context.ts'] },
    { name: 'a dynamic import', src: "const m = await import('../db/ids.ts');", bad: ['imports ../db/ids.ts'] },
    { name: 'a computed import', src: 'const m = await import(name);', bad: ['imports import() of a computed specifier'] },
    { name: 'a sibling without its extension', src: "import { ZId } from './common';", bad: ['imports ./common'] },
    { name: 'a look-alike folder', src: "import { x } from '../domain-extra/a.ts';", bad: ['imports ../domain-extra/a.ts'] },
  ];
  it.each(cases)('$name', ({ src, bad }) => {
    expect(violations(src, file)).toEqual(bad);
  });
});

describe('core/inputs', () => {
  const files = readdirSync(INPUTS_DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(INPUTS_DIR, name));

  it('has modules to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((f) => ({ file: relative(INPUTS_DIR, f), path: f })))('$file imports only zod, core/domain and core/inputs', ({ path }) => {
    expect(violations(readFileSync(path, 'utf8'), path)).toEqual([]);
  });
});
