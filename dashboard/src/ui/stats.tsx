// Figures with their names (a description list), laid out as cards.
import type { ReactNode } from 'react';

export function Stats({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="stats">
      {items.map((item) => (
        <div key={item.label} className="stat">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
