import { type SpeechEngine, VOICE_MESSAGES } from '@agentforge/shared';
import { MicIcon } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { insertAtCaret } from './insert-at-caret';
import { voiceCommands } from './lazy-voice';
import { useDictation } from './use-dictation';
import { useRecordedDictation } from './use-recorded-dictation';

export type DictationProps = {
  engine?: SpeechEngine;
  /** The message box: each final phrase goes in at its caret. */
  textarea: RefObject<HTMLTextAreaElement | null>;
  setText: (text: string) => void;
  /** Where the state ('Listening…', what is heard, errors) shows: above the message box. */
  statusSlot: HTMLElement | null;
};

/** The dictation shortcut (use-shortcuts.ts) as the title shows it, with ⌘ on a Mac. */
const shortcutKeys = () => `${/Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl'}+Shift+Space`;

/**
 * The message box's microphone: a toggle (aria-pressed) that dictates into the box with the
 * browser's speech recognition. Its state is announced in a live region; the dictation shortcut
 * (voiceCommands' 'dictate') toggles it too.
 */
export function DictationButton({ engine = 'browser', textarea, setText, statusSlot }: DictationProps) {
  const insert = (phrase: string) => {
    const box = textarea.current;
    if (!box) return;
    const next = insertAtCaret(box.value, box.selectionStart, box.selectionEnd, phrase);
    flushSync(() => setText(next.value));
    box.setSelectionRange(next.caret, next.caret);
  };
  const inBrowser = useDictation(insert);
  const recorded = useRecordedDictation(insert);
  const dictation = engine === 'openai' ? recorded : inBrowser;
  const toggle = useRef(dictation.toggle);
  toggle.current = dictation.toggle;

  useEffect(() => {
    const onShortcut = () => toggle.current();
    voiceCommands.addEventListener('dictate', onShortcut);
    return () => voiceCommands.removeEventListener('dictate', onShortcut);
  }, []);

  const status = (
    <div className={cn('space-y-1 px-2', (dictation.status || dictation.error) && 'mb-2')}>
      <p role="status" className="text-sm font-medium text-indigo-700">
        {dictation.status ? (
          dictation.status
        ) : dictation.ended && !dictation.error ? (
          <span className="sr-only">{VOICE_MESSAGES.dictationStopped}</span>
        ) : null}
      </p>
      {dictation.listening && dictation.interim ? (
        <p className="truncate text-sm text-slate-500 italic">{dictation.interim}</p>
      ) : null}
      {dictation.error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {dictation.error}
        </p>
      ) : null}
    </div>
  );

  return (
    <>
      {statusSlot ? createPortal(status, statusSlot) : null}
      <Button
        variant="ghost"
        size="icon"
        aria-label="Dictate"
        aria-pressed={dictation.listening}
        title={`Dictate (${shortcutKeys()})`}
        onClick={dictation.toggle}
        className={cn(
          'size-10 shrink-0 rounded-full text-slate-600',
          dictation.listening && 'bg-red-50 text-red-700 ring-2 ring-red-300 hover:bg-red-100',
        )}
      >
        <MicIcon aria-hidden="true" className={cn('size-5', dictation.listening && 'animate-pulse')} />
      </Button>
    </>
  );
}
