import type { Conversation } from '@agentforge/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { chatKeys, updateCachedConversations } from './queries';

const conversation = (title: string): Conversation =>
  ({ id: 'c1', title, name: title, createdAt: 1, updatedAt: 2, messages: [] }) as unknown as Conversation;

/** A list fetch that answers when told to. */
function pendingList(client: QueryClient) {
  let answer: (list: Conversation[]) => void = () => undefined;
  const done = client
    .fetchQuery({
      queryKey: chatKeys.conversations(),
      queryFn: () => new Promise<Conversation[]>((resolve) => (answer = resolve)),
    })
    .catch(() => undefined);
  return { answer: (list: Conversation[]) => answer(list), done };
}

const titles = (client: QueryClient) =>
  client.getQueryData<Conversation[]>(chatKeys.conversations())?.map((c) => c.title);

describe('updateCachedConversations', () => {
  it('keeps a change made while a refetch that read the older list is under way (the title after a reply)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 0 } } });
    client.setQueryData(chatKeys.conversations(), [conversation('New Conversation')]);
    const refetch = pendingList(client);

    updateCachedConversations(client, (list) => list.map((c) => ({ ...c, title: 'Hello there friend' })));
    refetch.answer([conversation('New Conversation')]);
    await refetch.done;

    expect(titles(client)).toEqual(['Hello there friend']);
    expect(client.getQueryState(chatKeys.conversations())?.fetchStatus).toBe('idle');
  });

  it('lets a first load finish: a change before it arrives does not stand for the whole list', async () => {
    const client = new QueryClient();
    const load = pendingList(client);

    updateCachedConversations(client, (list) => [...list, conversation('Made before the list came')]);
    load.answer([conversation('From the server')]);
    await load.done;

    expect(titles(client)).toEqual(['From the server']);
  });
});
