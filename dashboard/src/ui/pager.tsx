// Keyset paging (before = the last id seen, next_before from the answer): older pages, back to newer ones.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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

export type KeysetPages = ReturnType<typeof useKeysetPages>;

/** The buttons' words (common's pager): newest first for lists in time, first to last for a list in another order (an audience). */
const WORDS = {
  time: { start: 'newest', back: 'newer', on: 'older' },
  order: { start: 'first', back: 'previous', on: 'next' },
} as const;

export interface PagerProps {
  label: string;
  pages: KeysetPages;
  /** Where the next page starts (the answer's next_before or next_after), or null on the last page. */
  next: string | number | null;
  order?: keyof typeof WORDS;
}

export function Pager({ label, pages, next, order = 'time' }: PagerProps) {
  const { t } = useTranslation('common');
  if (pages.page === 1 && next === null) return null;
  const words = WORDS[order];
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button-secondary" disabled={pages.page === 1} onClick={pages.newest}>
        {t(`pager.${words.start}`)}
      </button>
      <button type="button" className="button button-secondary" disabled={pages.page === 1} onClick={pages.newer}>
        {t(`pager.${words.back}`)}
      </button>
      <span className="pager-page">{t('pager.page', { page: pages.page })}</span>
      <button type="button" className="button button-secondary" disabled={next === null} onClick={() => next !== null && pages.older(String(next))}>
        {t(`pager.${words.on}`)}
      </button>
    </nav>
  );
}
