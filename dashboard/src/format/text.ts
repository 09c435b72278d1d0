// Words for the API's codes: statuses, traffic classes, encodings and ledger kinds.

/** "promotional" → "Promotional", "top_up" → "Top up". */
export function humanize(code: string): string {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ENCODINGS: Record<string, string> = { gsm7: 'GSM-7', ucs2: 'UCS-2', ascii: 'ASCII' };

export function formatEncoding(encoding: string): string {
  return ENCODINGS[encoding] ?? encoding;
}

/** "1 segment", "3 segments". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
