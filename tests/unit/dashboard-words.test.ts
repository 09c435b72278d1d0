// Every word of the dashboard in both languages: each namespace's Kiswahili has exactly its English keys, no text is
// empty, both languages name the same {{values}}; and no page writes a word outside the translations (a JSX text, or
// a label, title, placeholder or alt written as a string literal).
import fs from 'node:fs';
import path from 'node:path';
// Vite's own parser (rolldown, the bundler the dashboard is built with) reads the TSX as the build does.
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../dashboard/src/i18n/resources.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe.each(Object.entries(NAMESPACES))('the namespace %s', (_name, ns) => {
  const en = leaves(ns.en as Tree);
  const sw = leaves(ns.sw as Tree);

  it('has the same keys in Kiswahili as in English', () => {
    expect([...sw.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('has no empty text, and the same {{values}} in both languages', () => {
    for (const [key, text] of en) {
      expect(text.trim(), `en ${key}`).not.toBe('');
      expect(sw.get(key)?.trim(), `sw ${key}`).not.toBe('');
      expect(placeholders(sw.get(key) ?? ''), `the values of ${key}`).toEqual(placeholders(text));
    }
  });

  it('pairs every plural form with its other form', () => {
    for (const key of en.keys()) if (key.endsWith('_one')) expect(en.has(key.replace(/_one$/, '_other')), key).toBe(true);
  });
});

const DASHBOARD = path.resolve(import.meta.dirname, '../../dashboard/src');
/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['label', 'title', 'placeholder', 'alt', 'aria-label', 'aria-description', 'question', 'confirmLabel', 'heading', 'description', 'hint', 'emptyText', 'empty', 'summary', 'legend', 'caption', 'text']);

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(p);
    return e.name.endsWith('.tsx') ? [p] : [];
  });
}

/** Words written into the markup: JSX text with a letter in it, and read attributes given a literal with a letter. */
function writtenWords(file: string): string[] {
  const program = parseAst(fs.readFileSync(file, 'utf8'), { lang: 'tsx' }, file);
  const found: string[] = [];
  const literalText = (node: any): string | null => {
    if (!node) return null;
    if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
    if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
    if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
    return null;
  };
  const visit = (node: any) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    if (node.type === 'JSXText' && /\p{L}/u.test(node.value)) found.push(node.value.trim());
    if (node.type === 'JSXAttribute' && node.name.type === 'JSXIdentifier' && READ_ATTRIBUTES.has(node.name.name)) {
      const text = literalText(node.value);
      if (text && /\p{L}/u.test(text)) found.push(`${node.name.name}="${text}"`);
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'parent') visit(value);
  };
  visit(program);
  return found;
}

/** Words that are the same in every language: the product's name, units and codes. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Ujumbe', 'TZS', 'EAT', 'GraphQL', 'GraphiQL', 'API', 'SMS', 'CSV', 'URL', 'ID']);

describe('the pages', () => {
  it.each(tsxFiles(DASHBOARD).map((f) => path.relative(DASHBOARD, f)))('%s writes every word through the translations', (file) => {
    const words = writtenWords(path.join(DASHBOARD, file)).filter((w) => !SAME_IN_EVERY_LANGUAGE.has(w));
    expect(words).toEqual([]);
  });
});
