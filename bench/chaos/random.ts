// The harness's one source of chance: a seeded PRNG (mulberry32), so a run's faults and traffic repeat from its seed.

export interface Random {
  /** A float in [0, 1). */
  (): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new generator for one concern of the run, so that adding draws to one concern leaves the others as they were. */
  fork(label: string): Random;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of the label, mixed into the seed of a fork. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export function seeded(seed: number): Random {
  const next = mulberry32(seed);
  const random = (() => next()) as Random;
  random.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  random.chance = (p) => next() < p;
  random.pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)]!;
  };
  random.fork = (label) => seeded((seed ^ hash(label)) >>> 0);
  return random;
}

/** The seed of run `index` of a series started from `base`. */
export function runSeed(base: number, index: number): number {
  return seeded((base + index * 0x9e3779b9) >>> 0).int(1, 2 ** 31 - 1);
}
