// Reads a CSV text through createCsvReader in many chunkings and checks that they all agree.
import { expect } from 'vitest';
import { createCsvReader, type CsvHeader, type CsvLimits, type CsvRow } from '../../core/domain/csv-parse.ts';

export interface Outcome {
  header?: CsvHeader;
  rows: CsvRow[];
  end: { summary: unknown } | { code: string; message: string; details: unknown };
}

export function readChunks(chunks: readonly string[], limits?: CsvLimits): Outcome {
  const outcome: Outcome = { rows: [], end: { summary: null } };
  const reader = createCsvReader({
    limits,
    onHeader: (header) => (outcome.header = header),
    onRow: (row) => outcome.rows.push(row),
  });
  const results = [...chunks.map((chunk) => reader.push(chunk)), reader.end()];
  const failed = results.find((r) => !r.ok);
  if (failed && !failed.ok) {
    const { code, message, details } = failed.error;
    outcome.end = { code, message, details };
    // Every call after the first failure answers with that same failure.
    for (const later of results.slice(results.indexOf(failed))) expect(later).toEqual(failed);
  } else {
    const last = results.at(-1);
    outcome.end = { summary: last?.ok ? last.value : null };
  }
  return outcome;
}

// Mulberry32: a fixed seed gives the same chunk sizes on every run. Sizes include 0, an empty push.
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomChunks(text: string, seed: number, maxSize: number): string[] {
  const next = seeded(seed);
  const chunks: string[] = [];
  for (let i = 0; i < text.length; ) {
    const size = Math.floor(next() * (maxSize + 1));
    chunks.push(text.slice(i, i + size));
    i += size;
  }
  return chunks;
}

/** Whole, a UTF-16 unit and a code point at a time, with empty pushes, seeded random sizes, and every cut in two. */
function chunkings(text: string): string[][] {
  const ways = [[text], text.split(''), [...text], ['', ...text.split('').flatMap((c) => [c, ''])]];
  for (const seed of [1, 2, 3, 42]) ways.push(randomChunks(text, seed, 7), randomChunks(text, seed, 100));
  if (text.length <= 400) for (let cut = 0; cut <= text.length; cut += 1) ways.push([text.slice(0, cut), text.slice(cut)]);
  return ways;
}

/** Reads the text in every chunking, checks they all agree, and returns the outcome. */
export function read(text: string, limits?: CsvLimits): Outcome {
  const whole = readChunks([text], limits);
  for (const chunks of chunkings(text)) expect(readChunks(chunks, limits)).toEqual(whole);
  return whole;
}

