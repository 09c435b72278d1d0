// Keeps core/domain pure: only allowed imports, and no reads of the clock or other ambient state.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, stripComments } from '../support/source-imports.ts';

const DOMAIN_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../core/domain');

// An allow-list: any new dependency of the domain has to be argued for here. ipaddr.js: pure parsing and the
// IANA special-purpose ranges (public-address.ts), better kept by its maintainers than by a hand-written list.
const ALLOWED_PACKAGES = ['libphonenumber-js', 'zod', 'ipaddr.js'];

// Ambient reads that make a function impure; time and randomness are passed in instead.
const BANNED: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\bDate\s*\.\s*now\s*\(/, what: 'Date.now()' },
  { pattern: /\bnew\s+Date\b(?!\s*\(\s*[^)\s])/, what: 'new Date() without an argument' },
  { pattern: /\bMath\s*\.\s*random\s*\(/, what: 'Math.random()' },
  { pattern: /\bperformance\s*\.\s*now\s*\(/, what: 'performance.now()' },
  { pattern: /\bprocess\s*\.\s*(env|argv|hrtime|cwd)\b/, what: 'process state' },
  { pattern: /\brequire\s*\(/, what: 'require()' },
  { pattern: /\bimport\s*\(\s*[^'"`\s]/, what: 'import() of a computed specifier' },
];

function isAllowedSpecifier(specifier: string, fromFile: string): boolean {
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    const target = resolve(dirname(fromFile), specifier);
    return target.startsWith(DOMAIN_DIR + sep) && specifier.endsWith('.ts');
  }
  return ALLOWED_PACKAGES.some((pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`));
}

function violations(src: string, file: string): string[] {
  const code = stripComments(src);
  const bad = importSpecifiers(code)
    .filter((s) => !isAllowedSpecifier(s, file))
    .map((s) => `imports ${s}`);
  for (const { pattern, what } of BANNED) if (pattern.test(code)) bad.push(`uses ${what}`);
  return bad;
}

function domainFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return domainFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the purity checker', () => {
  const file = join(DOMAIN_DIR, 'example.ts');
  const cases: Array<{ name: string; src: string; bad: string[] }> = [
    { name: 'a sibling module', src: "import { ok } from './errors.ts';", bad: [] },
    { name: 'a type-only sibling import', src: "import type { Result } from './errors.ts';", bad: [] },
    { name: 'a re-export', src: "export * from './pricing.ts';", bad: [] },
    { name: 'a multi-line import', src: "import {\n  ok,\n  fail,\n} from './errors.ts';", bad: [] },
    { name: 'libphonenumber-js subpath', src: "import { parsePhoneNumberFromString } from 'libphonenumber-js/max';", bad: [] },
    { name: 'zod', src: "import { z } from 'zod';", bad: [] },
    { name: 'a dated value', src: 'const d = new Date(ms); const e = new Date(\n  at.getTime() + 1);', bad: [] },
    { name: 'a mention in a comment', src: '// never Date.now() or new Date() here\n/* Math.random() */ const x = 1;', bad: [] },
    { name: 'a regex with quotes before a comment', src: "const R = /[\"'/]/u; // new Date()\nconst s = 'a // b';", bad: [] },
    { name: 'the ORM', src: "import { defineEntity } from '@mikro-orm/core';", bad: ['imports @mikro-orm/core'] },
    { name: 'a type from the ORM', src: "import type { EntityManager } from '@mikro-orm/postgresql';", bad: ['imports @mikro-orm/postgresql'] },
    { name: 'pg', src: "import pg from 'pg';", bad: ['imports pg'] },
    { name: 'express', src: "import express from 'express';", bad: ['imports express'] },
    { name: 'tRPC', src: "import { initTRPC } from '@trpc/server';", bad: ['imports @trpc/server'] },
    { name: 'graphql', src: "import { GraphQLError } from 'graphql';", bad: ['imports graphql'] },
    { name: 'graphile-worker', src: "import { run } from 'graphile-worker';", bad: ['imports graphile-worker'] },
    { name: 'node:fs', src: "import { readFileSync } from 'node:fs';", bad: ['imports node:fs'] },
    { name: 'bare fs', src: "import fs from 'fs';", bad: ['imports fs'] },
    { name: 'a side-effect import', src: "import 'node:http';", bad: ['imports node:http'] },
    { name: 'a dynamic import', src: "const net = await import('node:net');", bad: ['imports node:net'] },
    { name: 'a look-alike package', src: "import x from 'zodiac';", bad: ['imports zodiac'] },
    { name: 'a module outside the domain', src: "import { db } from '../db/client.ts';", bad: ['imports ../db/client.ts'] },
    { name: 'a sibling without its extension', src: "import { ok } from './errors';", bad: ['imports ./errors'] },
    { name: 'the clock', src: 'const now = Date.now();', bad: ['uses Date.now()'] },
    { name: 'a clock read by constructor', src: 'const now = new Date();', bad: ['uses new Date() without an argument'] },
    { name: 'a constructor without parentheses', src: 'const now = new Date;', bad: ['uses new Date() without an argument'] },
    { name: 'randomness', src: 'const r = Math.random();', bad: ['uses Math.random()'] },
    { name: 'the environment', src: 'const p = process.env.PORT;', bad: ['uses process state'] },
    { name: 'require', src: "const fs = require('fs');", bad: ['uses require()'] },
    { name: 'a computed import', src: 'await import(name);', bad: ['uses import() of a computed specifier'] },
  ];
  it.each(cases)('$name', ({ src, bad }) => {
    expect(violations(src, file)).toEqual(bad);
  });
});

describe('core/domain', () => {
  const files = domainFiles(DOMAIN_DIR);

  it('has modules to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((f) => ({ file: relative(DOMAIN_DIR, f), path: f })))('$file is pure', ({ path }) => {
    expect(violations(readFileSync(path, 'utf8'), path)).toEqual([]);
  });
});
