import type { ConversationSearchResult } from '@agentforge/shared';
import { errorMessage } from '@agentforge/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { SearchIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { selectBranch } from '../api/messages';
import { chatKeys, conversationSearchQuery } from '../api/queries';

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

/** The text with every occurrence of `needle` (any case) marked. */
function Highlighted({ text, needle }: { text: string; needle: string }) {
  const lower = text.toLocaleLowerCase();
  const target = needle.toLocaleLowerCase();
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(target); at >= 0 && target; at = lower.indexOf(target, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + target.length)}</mark>);
    from = at + target.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/**
 * The message whose branch to show when a result opens: its first match's when every match is on
 * a branch the conversation does not show (else what was found would not be on screen).
 */
function branchToShow(result: ConversationSearchResult): string | undefined {
  const [first] = result.matches;
  return first && result.matches.every((match) => match.otherBranch) ? first.messageId : undefined;
}

function ResultItem({
  result,
  needle,
  onSelect,
}: {
  result: ConversationSearchResult;
  needle: string;
  onSelect: (result: ConversationSearchResult) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(result)}
        className="w-full rounded-lg px-3 py-2 text-left transition hover:bg-slate-200/60"
      >
        <span className="block truncate text-sm font-medium text-slate-800">
          <Highlighted text={result.title} needle={needle} />
        </span>
        {result.matches.map((match) => (
          <span key={match.messageId} className="mt-0.5 block text-xs text-slate-600">
            {match.otherBranch ? <span className="font-medium">Another branch: </span> : null}
            <Highlighted text={match.excerpt} needle={needle} />
          </span>
        ))}
      </button>
    </li>
  );
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
  const search = useInfiniteQuery({ ...conversationSearchQuery(needle), enabled: active });
  const queryClient = useQueryClient();
  const open = async (result: ConversationSearchResult) => {
    const messageId = branchToShow(result);
    if (messageId) {
      // Opened on the shown branch if the switch fails: the result still leads to its chat.
      await selectBranch(result.conversationId, messageId).then(
        () => queryClient.invalidateQueries({ queryKey: chatKeys.messages(result.conversationId) }),
        () => undefined,
      );
    }
    onSelect(result.conversationId);
  };
  const results =
    search.data?.pages.flatMap((page) => page.results.filter((result) => inList(result.conversationId))) ??
    [];

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
        <section aria-label="Search results" aria-busy={search.isFetching} className="mt-2">
          {search.isError ? (
            <p role="alert" className="px-3 text-sm text-red-600">
              {errorMessage(search.error)}
            </p>
          ) : search.isPending ? (
            <p className="px-3 text-sm text-slate-500">Searching…</p>
          ) : (
            <>
              {results.length === 0 && !search.hasNextPage ? (
                <p className="px-3 text-sm text-slate-500">No conversations match “{needle}”.</p>
              ) : (
                <ul className="space-y-0.5">
                  {results.map((result) => (
                    <ResultItem
                      key={result.conversationId}
                      result={result}
                      needle={needle}
                      onSelect={(chosen) => void open(chosen)}
                    />
                  ))}
                </ul>
              )}
              {search.hasNextPage ? (
                <button
                  type="button"
                  onClick={() => void search.fetchNextPage()}
                  disabled={search.isFetchingNextPage}
                  className="mt-1 w-full rounded-lg px-3 py-1.5 text-xs font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60"
                >
                  {search.isFetchingNextPage ? 'Searching…' : 'Search older chats'}
                </button>
              ) : null}
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
