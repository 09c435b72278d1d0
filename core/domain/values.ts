// How the values of rows read in the answers: timestamps in RFC 3339 with an offset, cents as numbers.

/** RFC 3339 with offset, as every timestamp in a response. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function cents(value: string | number | bigint): number {
  return Number(value);
}
