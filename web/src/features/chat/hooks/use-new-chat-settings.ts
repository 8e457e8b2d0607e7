import type { ModelSettings } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { preferencesQuery } from '../../settings/api/queries';

/**
 * The settings a new chat starts with: the user's defaults, unless they were set for this chat
 * before its first message (the chat's settings button), which the conversation is created with.
 * Set ones are forgotten once a conversation is shown.
 */
export function useNewChatSettings(selectedId: string | null, hasUser: boolean) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ModelSettings | null>(null);
  const latest = useRef(chosen);
  latest.current = chosen;

  useEffect(() => {
    if (selectedId !== null) setChosen(null);
  }, [selectedId]);

  // The defaults a new conversation starts with, ready by the first message.
  useEffect(() => {
    if (hasUser) void queryClient.prefetchQuery(preferencesQuery());
  }, [hasUser, queryClient]);

  const defaults = useCallback(
    () =>
      queryClient
        .fetchQuery({ ...preferencesQuery(), staleTime: Number.POSITIVE_INFINITY, retry: false })
        .then((preferences) => preferences.defaultSettings)
        // A chat starts without them rather than not at all.
        .catch(() => undefined),
    [queryClient],
  );

  /** What the conversation the first message creates starts with. */
  const forCreation = useCallback(
    async () => (latest.current === null ? defaults() : latest.current),
    [defaults],
  );

  return { chosen, choose: setChosen, defaults, forCreation };
}
