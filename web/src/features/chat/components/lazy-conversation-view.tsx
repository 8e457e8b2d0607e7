import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../../components/spinner';
import { preloadStreamClient } from '../api/lazy-stream';
import type ConversationViewModule from './conversation-view';
import { preloadMarkdown } from './preload-markdown';

const loadView = () => import('./conversation-view');
const View = lazy(loadView);

/**
 * Loads what a conversation's messages need (the list with its virtualizer, the Markdown parser,
 * the reply stream's client) ahead of them: a conversation about to be opened, a message being
 * written. An empty chat's first paint goes without them.
 */
export function preloadConversation(): void {
  void loadView().catch(() => {});
  preloadMarkdown();
  preloadStreamClient();
}

/** The messages of the chat, their code loaded on first use (the list's loading look meanwhile). */
export function ConversationView(props: ComponentProps<typeof ConversationViewModule>) {
  return (
    <Suspense
      fallback={
        <section aria-label="Messages" aria-busy className="relative min-h-0 flex-1">
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        </section>
      }
    >
      <View {...props} />
    </Suspense>
  );
}
