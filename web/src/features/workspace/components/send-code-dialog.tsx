import { CHAT_MESSAGES } from '@agentforge/shared';
import { AlertDialog } from 'radix-ui';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { Button, buttonVariants } from '../../../components/ui/button';
import { type CodeSource, codeToChatMessage } from '../utils/code-sources';

export type SendTarget = { id: string; title: string } | null;

type SendCodeDialogProps = {
  sources: CodeSource[];
  /** The conversation the user came from; without one the code starts a new conversation. */
  conversation: SendTarget;
  onSend: (message: string, conversationId: string | null) => void;
  onClose: () => void;
};

const RADIO_ROW = 'flex items-start gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-50';

/**
 * 'Send Code to Chat' (spec 2, 5): what to send, where, and the prompt (required). Ctrl/Cmd+Enter
 * sends; closing with a prompt typed asks 'Discard your prompt and close?' first.
 */
export function SendCodeDialog({ sources, conversation, onSend, onClose }: SendCodeDialogProps) {
  const [kind, setKind] = useState(sources[0]?.kind ?? 'file');
  const [target, setTarget] = useState<'current' | 'new'>(conversation ? 'current' : 'new');
  const [prompt, setPrompt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const promptId = useId();
  const errorId = useId();
  const source = sources.find((candidate) => candidate.kind === kind) ?? sources[0];

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!source) return;
    const result = codeToChatMessage(source, prompt);
    if (result.error !== undefined) return setError(result.error);
    onSend(result.message, target === 'current' && conversation ? conversation.id : null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
  };
  const requestClose = () => (prompt.trim() ? setConfirming(true) : onClose());

  return (
    <Dialog
      title="Send Code to Chat"
      description="The code goes to the chat as a fenced block named by its path, after your prompt."
      onClose={requestClose}
      footer={
        <>
          <button
            type="button"
            onClick={requestClose}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-white"
          >
            Cancel
          </button>
          <Button type="submit" form={`${promptId}-form`} variant="primary" size="sm">
            Send to Chat
          </Button>
        </>
      }
    >
      <form id={`${promptId}-form`} onSubmit={submit} onKeyDown={onKeyDown} className="space-y-4" noValidate>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-slate-800">Code</legend>
          {sources.map((candidate) => (
            <label key={candidate.kind} className={RADIO_ROW}>
              <input
                type="radio"
                name="source"
                value={candidate.kind}
                checked={candidate.kind === kind}
                onChange={() => setKind(candidate.kind)}
                className="mt-0.5"
              />
              {candidate.label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-slate-800">Send to</legend>
          {conversation ? (
            <label className={RADIO_ROW}>
              <input
                type="radio"
                name="target"
                checked={target === 'current'}
                onChange={() => setTarget('current')}
                className="mt-0.5"
              />
              {`The current conversation “${conversation.title}”`}
            </label>
          ) : null}
          <label className={RADIO_ROW}>
            <input
              type="radio"
              name="target"
              checked={target === 'new'}
              onChange={() => setTarget('new')}
              className="mt-0.5"
            />
            A new conversation
          </label>
        </fieldset>
        <div>
          <label htmlFor={promptId} className="mb-1 block text-sm font-semibold text-slate-800">
            Prompt
          </label>
          <textarea
            id={promptId}
            value={prompt}
            onChange={(event) => {
              setPrompt(event.target.value);
              setError(null);
            }}
            rows={4}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder="What should the assistant do with this code?"
            className="w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500"
          />
          <p className="mt-1 text-xs text-slate-600">Ctrl+Enter (⌘+Enter on a Mac) sends.</p>
          {error ? (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      </form>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="theme-light fixed inset-0 z-50 bg-slate-900/40" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-200 outline-none">
            <AlertDialog.Title className="text-base font-semibold text-slate-900">
              {CHAT_MESSAGES.discardCodePrompt}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-600">
              The prompt you typed has not been sent.
            </AlertDialog.Description>
            <div className="mt-5 flex justify-end gap-2">
              <AlertDialog.Cancel className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
                Keep editing
              </AlertDialog.Cancel>
              <AlertDialog.Action
                onClick={onClose}
                className={buttonVariants({ variant: 'destructive', size: 'sm' })}
              >
                Discard
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Dialog>
  );
}
