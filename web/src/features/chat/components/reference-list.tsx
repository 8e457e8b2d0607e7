import type { ReactNode } from 'react';

/**
 * A reply's numbered references, as the reply cites them ([1], [2]…): the pages its web search
 * found (message-sources.tsx), the passages of the user's documents it used (knowledge's
 * message-citations.tsx). Each item's content is the caller's: a link, or a button.
 */
export function ReferenceList<T>({
  label,
  items,
  itemKey,
  renderItem,
}: {
  /** The list's heading, and the name of its region. */
  label: string;
  items: readonly T[];
  itemKey: (item: T, index: number) => string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <section aria-label={label} className="mt-3 rounded-xl border border-slate-200 px-3 py-2">
      <h3 className="text-xs font-semibold text-slate-600">{label}</h3>
      <ol className="mt-1 space-y-1.5">
        {items.map((item, index) => (
          <li key={itemKey(item, index)} className="flex min-w-0 gap-2 text-sm">
            <span className="shrink-0 text-slate-600 tabular-nums">[{index + 1}]</span>
            <div className="min-w-0">{renderItem(item)}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}
