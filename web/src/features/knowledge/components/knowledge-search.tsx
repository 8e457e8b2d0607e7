import { KNOWLEDGE_MESSAGES, MAX_KNOWLEDGE_QUERY_LENGTH, MAX_SEARCH_RESULTS } from '@agentforge/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { searchKnowledge } from '../api/knowledge';
import { locationText } from '../utils/knowledge-text';

/** How many passages the page's search lists (more than a chat turn gets, to check what is there). */
const PASSAGES_SHOWN = Math.min(10, MAX_SEARCH_RESULTS);

function countText(count: number, mode: 'keyword' | 'hybrid'): string {
  if (count === 0) return 'No passage matches.';
  const by = mode === 'hybrid' ? 'keywords and meaning' : 'keywords';
  return `${count} ${count === 1 ? 'passage' : 'passages'} found (by ${by}).`;
}

/**
 * Search this collection as the chat would (POST /knowledge/search): each passage found with its
 * file, page or section, and text (as text: never markup).
 */
export function KnowledgeSearch({ collectionId }: { collectionId: string }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = useMutation({
    mutationFn: (text: string) => searchKnowledge(text, [collectionId], PASSAGES_SHOWN),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    if (!text) {
      setError(KNOWLEDGE_MESSAGES.queryRequired);
      return;
    }
    setError(null);
    search.mutate(text);
  }

  const result = search.data;
  return (
    <div className="space-y-3">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-query`} className="sr-only">
          Search this collection
        </label>
        <Input
          id={`${id}-query`}
          type="search"
          placeholder="Search this collection"
          maxLength={MAX_KNOWLEDGE_QUERY_LENGTH}
          value={query}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" disabled={search.isPending}>
          Search
        </Button>
      </form>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {search.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {search.error.message}
        </p>
      ) : null}
      <p role="status" className="text-sm text-slate-600">
        {result ? countText(result.passages.length, result.mode) : ''}
      </p>
      {result ? (
        <ol aria-label="Passages found" className="space-y-2">
          {result.passages.map((passage) => {
            const where = locationText(passage.location);
            return (
              <Card asChild key={`${passage.fileId}:${passage.chunkIndex}`} className="p-3 text-sm">
                <li>
                  <p className="font-medium break-all">
                    {passage.fileName}
                    {where ? <span className="font-normal text-slate-600"> · {where}</span> : null}
                  </p>
                  <p className="mt-1 line-clamp-6 break-words whitespace-pre-wrap text-slate-800">
                    {passage.text}
                  </p>
                </li>
              </Card>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
