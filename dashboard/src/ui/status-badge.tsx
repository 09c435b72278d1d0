// A message status as a labelled badge (its colour repeats the word, never replaces it).
import { humanize } from '../format/text.ts';

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status}`}>{humanize(status)}</span>;
}
