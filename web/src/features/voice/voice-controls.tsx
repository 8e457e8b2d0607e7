// The voice code's chunk, loaded by lazy-voice.tsx.
import { CHAT_MESSAGES, type Message } from '@agentforge/shared';
import { DictationButton, type DictationProps } from './dictation-button';
import { speechEngine } from './lazy-voice';
import { ReadAloudButton, type ReadAloudProps } from './read-aloud-button';
import { toggleReading } from './reader';

export type VoiceControlProps =
  | ({ kind: 'dictate' } & DictationProps)
  | ({ kind: 'readAloud' } & ReadAloudProps);

export default function VoiceControl(props: VoiceControlProps) {
  return props.kind === 'dictate' ? <DictationButton {...props} /> : <ReadAloudButton {...props} />;
}

/** The read-aloud shortcut: the conversation's latest complete reply, or Stop while it is read. */
export function readLatest(messages: readonly Message[]): void {
  const reply = messages.findLast(
    (message) => message.role === 'assistant' && !message.isLoading && !message.isError && message.content,
  );
  if (reply)
    toggleReading(reply.id, reply.content.replace(CHAT_MESSAGES.streamingStopped, ''), speechEngine());
}
