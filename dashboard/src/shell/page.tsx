// A page's frame: its h1 (focused after a move between pages, so screen readers announce it) and the tab title.
import { useEffect, useRef, type ReactNode } from 'react';

let firstPage = true;

export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Ujumbe`;
  }, [title]);
  useEffect(() => {
    // The first page of a visit keeps the browser's own starting point; later pages take the focus.
    if (firstPage) firstPage = false;
    else heading.current?.focus();
  }, []);
  return (
    <div className="page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1} className="page-title">
          {title}
        </h1>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
