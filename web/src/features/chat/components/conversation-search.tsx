import { SearchIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';

const loadResults = () => import('./conversation-search-results');
/** The results' code (the search query, the highlights) loads with the first search. */
const ConversationSearchResults = lazy(loadResults);
const preloadResults = () => void loadResults().catch(() => {});

/** A search starts this long after the last keystroke. */
const SEARCH_DELAY_MS = 250;
const MIN_QUERY_LENGTH = 2;

/** The typed text, once typing pauses. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The sidebar's search over the titles and message text of the user's conversations: results
 * replace the list while a search is typed; 'Search more' reads the next slice of the history.
 */
export function ConversationSearch({
  onSelect,
  onActiveChange,
  inList = () => true,
}: {
  onSelect: (id: string) => void;
  /** Whether a conversation is in the list searched (the active space's): others are not shown. */
  inList?: (conversationId: string) => boolean;
  /** Whether results are shown (instead of the list). */
  onActiveChange: (active: boolean) => void;
}) {
  const [text, setText] = useState('');
  const needle = useSettled(text.trim());
  const active = needle.length >= MIN_QUERY_LENGTH;
  useEffect(() => onActiveChange(active), [active, onActiveChange]);
  return (
    <div className="px-3 pb-2">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-slate-500" />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setText('');
          }}
          onFocus={preloadResults}
          placeholder="Search chats"
          aria-label="Search conversations"
          maxLength={200}
          className="w-full rounded-lg border border-slate-200 bg-white py-1.5 pr-8 pl-8 text-sm text-slate-800 placeholder:text-slate-500 focus:border-indigo-400 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            onClick={() => setText('')}
            aria-label="Clear search"
            className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-slate-500 hover:text-slate-800"
          >
            <XIcon className="size-3.5" />
          </button>
        ) : null}
      </div>
      {active ? (
        <Suspense
          fallback={
            <section aria-label="Search results" aria-busy className="mt-2">
              <p className="px-3 text-sm text-slate-500">Searching…</p>
            </section>
          }
        >
          <ConversationSearchResults needle={needle} inList={inList} onSelect={onSelect} />
        </Suspense>
      ) : null}
    </div>
  );
}
