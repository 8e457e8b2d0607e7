import { type SpeechEngine, VOICE_MESSAGES } from '@agentforge/shared';
import { SquareIcon, Volume2Icon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import { readingFailure, readingId, subscribeReading, toggleReading } from './reader';

export type ReadAloudProps = {
  engine?: SpeechEngine;
  messageId: string;
  /** The reply's Markdown (read as text). */
  text: string;
};

/** A reply's 'Read aloud', 'Stop reading' while it is being read; why it failed, if it did. */
export function ReadAloudButton({ engine = 'browser', messageId, text }: ReadAloudProps) {
  const reading = useSyncExternalStore(subscribeReading, readingId) === messageId;
  const failure = useSyncExternalStore(subscribeReading, readingFailure);
  return (
    <>
      <Button
        variant="ghost"
        size="xs"
        onClick={() => toggleReading(messageId, text, engine)}
        className="gap-1.5 px-2 font-medium text-slate-500 hover:text-slate-700"
      >
        {reading ? (
          <SquareIcon aria-hidden="true" className="size-3.5" fill="currentColor" />
        ) : (
          <Volume2Icon aria-hidden="true" className="size-3.5" />
        )}
        {reading ? VOICE_MESSAGES.stopReading : VOICE_MESSAGES.readAloud}
      </Button>
      {failure?.messageId === messageId ? (
        <span role="alert" className="text-xs font-medium text-red-600">
          {failure.message}
        </span>
      ) : null}
    </>
  );
}
