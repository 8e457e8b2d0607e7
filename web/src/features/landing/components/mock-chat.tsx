import {
  CHAT_MESSAGES,
  LANDING_TEXTAREA_MAX_HEIGHT_PX,
  LANDING_TEXTAREA_MIN_HEIGHT_PX,
  LANDING_TEXTAREA_ROWS,
} from '@agentforge/shared';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DEFAULT_CHAT_PLACEHOLDER, EXAMPLE_PROMPTS } from '../landing-content';
import { useLandingNavigation } from '../landing-navigation';
import { isSignedIn } from '../session';
import { SendIcon, SparkIcon } from './icons';
import { FOCUS_RING } from './styles';

/**
 * The landing page's mock chat (spec 2, spec 5 "Landing chat"). Nothing is sent anywhere: a
 * non-empty prompt only leads the visitor to /home (signed in) or /login, and the typed text is
 * not carried over.
 */
export function MockChat() {
  const { navigate } = useLandingNavigation();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const examplesId = useId();
  const [prompt, setPrompt] = useState('');
  const [placeholder, setPlaceholder] = useState<string>(DEFAULT_CHAT_PLACEHOLDER);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (prompt.trim() === '') {
      // Whitespace-only counts as empty; clearing it lets the new placeholder show.
      setPrompt('');
      setPlaceholder(CHAT_MESSAGES.emptyLandingPrompt);
      textareaRef.current?.focus();
      return;
    }
    setSending(true);
    const signedIn = await isSignedIn();
    navigate(signedIn ? '/home' : '/login');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line (not while an input method is composing).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  function fillPrompt(example: string) {
    setPrompt(example);
    textareaRef.current?.focus();
  }

  return (
    <div className="mx-auto w-full max-w-3xl">
      <form
        aria-label="Try your AI agent"
        onSubmit={handleSubmit}
        className="rounded-2xl bg-white p-3 text-left shadow-xl ring-1 shadow-indigo-500/10 ring-slate-200 focus-within:ring-2 focus-within:ring-indigo-500"
      >
        <label htmlFor={inputId} className="sr-only">
          Your question or prompt
        </label>
        <textarea
          id={inputId}
          ref={textareaRef}
          rows={LANDING_TEXTAREA_ROWS}
          style={{ minHeight: LANDING_TEXTAREA_MIN_HEIGHT_PX, maxHeight: LANDING_TEXTAREA_MAX_HEIGHT_PX }}
          value={prompt}
          placeholder={placeholder}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={handleKeyDown}
          className="block w-full resize-y rounded-lg border-0 bg-transparent px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-1 pt-3">
          <p className="hidden text-xs text-slate-500 sm:block">
            Press Enter to send, Shift+Enter for a new line
          </p>
          <Button type="submit" variant="primary" disabled={sending} className="ml-auto sm:px-4">
            <span>Send</span>
            <SendIcon />
          </Button>
        </div>
      </form>

      <div className="mt-6">
        <p id={examplesId} className="text-sm font-medium text-slate-600">
          Try an example
        </p>
        <ul aria-labelledby={examplesId} className="mt-3 flex flex-wrap justify-center gap-2">
          {EXAMPLE_PROMPTS.map((example) => (
            <li key={example}>
              <button
                type="button"
                onClick={() => fillPrompt(example)}
                className={`inline-flex items-center gap-1.5 rounded-full bg-white px-3.5 py-1.5 text-left text-sm text-slate-700 shadow-sm ring-1 ring-slate-200 transition hover:bg-indigo-50 hover:text-indigo-700 hover:ring-indigo-200 ${FOCUS_RING}`}
              >
                <SparkIcon className="size-3.5 text-indigo-500" />
                {example}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
