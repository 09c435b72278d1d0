// The decision records stay one shape, all listed, and tied to the tree: a record in force that names a file
// which was moved or deleted fails here, so a record cannot drift silently from the code it describes. A record
// superseded whole describes code of its time, so its paths are history and not checked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const DIR = join(ROOT, 'docs/decisions');
const HEADINGS = ['## Context', '## Decision', '## Consequences', '## Superseded by'];

const records = readdirSync(DIR)
  .filter((file) => file !== 'README.md')
  .sort();
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');
const inForce = records.filter((file) => /## Superseded by\s+(Nothing|In part)/.test(read(file)));
const index = readFileSync(join(DIR, 'README.md'), 'utf8');

// A path is backticked text whose first segment is a top-level entry of the tree (`core/app/x.ts`, `.ci/run`,
// `migrations/`); placeholders (`<area>`, `{id}`) and commands (with spaces) are not paths.
const topLevel = new Set(readdirSync(ROOT).filter((entry) => entry !== '.git' && entry !== 'node_modules'));
function pathsNamedIn(text: string): string[] {
  return [...text.matchAll(/`([^`\s<>{}*]+)`/g)]
    .map((m) => m[1]!)
    .filter((token) => token.includes('/') && topLevel.has(token.split('/')[0]!));
}

describe('decision records', () => {
  it('are named NNNN-short-name.md, each number once', () => {
    expect(records.filter((file) => !/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/.test(file))).toEqual([]);
    const numbers = records.map((file) => file.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it.each(records)('%s has its title and the four headings, in order', (file) => {
    const text = read(file);
    expect(text.split('\n')[0], 'the first line is "# <number>. <title>"').toMatch(new RegExp(`^# ${Number(file.slice(0, 4))}\\. \\S`));
    const found = text.split('\n').filter((line) => line.startsWith('## '));
    expect(found, `${file} needs exactly the headings ${HEADINGS.join(', ')}`).toEqual(HEADINGS);
  });

  it.each(records)('%s is listed in docs/decisions/README.md', (file) => {
    expect(index).toContain(`](${file})`);
  });

  it('lists no record that does not exist', () => {
    const listed = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]!);
    expect(listed.filter((file) => !records.includes(file))).toEqual([]);
  });

  it.each(records)('%s links only to records that exist', (file) => {
    const linked = [...read(file).matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!).filter((target) => !/^https?:/.test(target));
    expect(linked.filter((target) => !records.includes(target))).toEqual([]);
  });

  it.each(inForce)('%s names only paths that exist in the tree', (file) => {
    const missing = pathsNamedIn(read(file)).filter((path) => !existsSync(join(ROOT, path)));
    expect(missing, `${file} names files that are not in the tree; make the record say what the code does today`).toEqual([]);
  });
});
