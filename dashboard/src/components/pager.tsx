// Keyset paging (before = the last id seen, next_before from the answer): older pages, back to newer ones.
import { useState } from 'react';

/** The `before` of the page shown; a change of `resetKey` (the filters) goes back to the newest page. */
export function useKeysetPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; stack: (string | undefined)[] }>({ key: resetKey, stack: [undefined] });
  const stack = state.key === resetKey ? state.stack : [undefined];
  return {
    before: stack[stack.length - 1],
    page: stack.length,
    older: (nextBefore: string) => setState({ key: resetKey, stack: [...stack, nextBefore] }),
    newer: () => setState({ key: resetKey, stack: stack.slice(0, -1) }),
    newest: () => setState({ key: resetKey, stack: [undefined] }),
  };
}

export interface PagerProps {
  label: string;
  page: number;
  nextBefore: string | null;
  onOlder: (nextBefore: string) => void;
  onNewer: () => void;
  onNewest: () => void;
}

export function Pager({ label, page, nextBefore, onOlder, onNewer, onNewest }: PagerProps) {
  if (page === 1 && !nextBefore) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button-secondary" disabled={page === 1} onClick={onNewest}>
        Newest
      </button>
      <button type="button" className="button button-secondary" disabled={page === 1} onClick={onNewer}>
        Newer
      </button>
      <span className="pager-page">Page {page}</span>
      <button type="button" className="button button-secondary" disabled={!nextBefore} onClick={() => nextBefore && onOlder(nextBefore)}>
        Older
      </button>
    </nav>
  );
}
