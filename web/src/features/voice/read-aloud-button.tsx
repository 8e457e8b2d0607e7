import { VOICE_MESSAGES } from '@agentforge/shared';
import { SquareIcon, Volume2Icon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import { readingId, subscribeReading, toggleReading } from './reader';

export type ReadAloudProps = {
  messageId: string;
  /** The reply's Markdown (read as text). */
  text: string;
};

/** A reply's 'Read aloud', 'Stop reading' while it is being read. */
export function ReadAloudButton({ messageId, text }: ReadAloudProps) {
  const reading = useSyncExternalStore(subscribeReading, readingId) === messageId;
  return (
    <Button
      variant="ghost"
      size="xs"
      onClick={() => toggleReading(messageId, text)}
      className="gap-1.5 px-2 font-medium text-slate-500 hover:text-slate-700"
    >
      {reading ? (
        <SquareIcon aria-hidden="true" className="size-3.5" fill="currentColor" />
      ) : (
        <Volume2Icon aria-hidden="true" className="size-3.5" />
      )}
      {reading ? VOICE_MESSAGES.stopReading : VOICE_MESSAGES.readAloud}
    </Button>
  );
}
