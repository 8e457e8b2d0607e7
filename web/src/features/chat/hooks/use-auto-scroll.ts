import { AUTO_SCROLL_DEBOUNCE_MS, AUTO_SCROLL_THRESHOLD_PX } from '@agentforge/shared';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react';

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

/**
 * Keeps a scroll container at the bottom as content arrives, while the reader is within
 * AUTO_SCROLL_THRESHOLD_PX of it (having scrolled further up, they are left where they are).
 * Content changes are followed at most once per AUTO_SCROLL_DEBOUNCE_MS, so a fast stream does
 * not scroll on every chunk. A new `resetKey` (another conversation) starts at the bottom. The
 * container's ref is made here unless one is given (a list that shares it).
 */
export function useAutoScroll<T extends HTMLElement>(
  contentKey: unknown,
  resetKey: unknown,
  container?: RefObject<T | null>,
) {
  const own = useRef<T>(null);
  const ref = container ?? own;
  const nearBottom = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const scrollToBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [ref]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (el) nearBottom.current = distanceFromBottom(el) <= AUTO_SCROLL_THRESHOLD_PX;
  }, [ref]);

  /** Follows the bottom again from now on (the user sent a message). */
  const stickToBottom = useCallback(() => {
    nearBottom.current = true;
    scrollToBottom();
  }, [scrollToBottom]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new `contentKey`.
  useEffect(() => {
    if (!nearBottom.current || timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      if (nearBottom.current) scrollToBottom();
    }, AUTO_SCROLL_DEBOUNCE_MS);
  }, [contentKey, scrollToBottom]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new `resetKey`.
  useLayoutEffect(() => {
    stickToBottom();
  }, [resetKey, stickToBottom]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { ref, onScroll, stickToBottom };
}
