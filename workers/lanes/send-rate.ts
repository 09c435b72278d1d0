// Messages a second over the last few seconds, in one-second buckets.
const SECONDS = 5;

export function createSendRate(now: () => number = () => performance.now()) {
  const buckets = new Map<number, number>();
  const second = () => Math.floor(now() / 1000);
  return {
    add(n: number): void {
      const s = second();
      buckets.set(s, (buckets.get(s) ?? 0) + n);
      for (const k of buckets.keys()) if (k <= s - SECONDS) buckets.delete(k);
    },
    /** Over the last SECONDS whole seconds (the one under way left out: it is not over). */
    perSecond(): number {
      const s = second();
      let sum = 0;
      for (const [k, n] of buckets) if (k < s && k >= s - SECONDS) sum += n;
      return sum / SECONDS;
    },
  };
}
