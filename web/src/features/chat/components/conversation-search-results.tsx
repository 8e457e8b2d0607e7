import type { ConversationSearchResult } from '@agentforge/shared';
import { errorMessage } from '@agentforge/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { selectBranch } from '../api/messages';
import { chatKeys, conversationSearchQuery } from '../api/queries';

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
 * The results of the sidebar's search (loaded with the first search, or when the search box takes
 * the focus): the conversations matching `needle`, 'Search older chats' for the next slice.
 */
export default function ConversationSearchResults({
  needle,
  inList,
  onSelect,
}: {
  needle: string;
  inList: (conversationId: string) => boolean;
  onSelect: (id: string) => void;
}) {
  const search = useInfiniteQuery(conversationSearchQuery(needle));
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
  );
}
