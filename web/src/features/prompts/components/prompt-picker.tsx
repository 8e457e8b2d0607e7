import { PROMPT_MESSAGES, type Prompt, promptMatches, promptVariables } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Input } from '../../../components/ui/input';
import { useSpaceTeamId } from '../../teams/hooks/use-space';
import { promptsQuery } from '../api/prompts';
import { PromptVariablesDialog } from './prompt-variables-dialog';

type PromptPickerProps = {
  /** The prompt's text, its variables filled: goes into the message box for review. */
  onInsert: (text: string) => void;
  /** Closed without a pick (Escape, or 'Close'). */
  onCancel: () => void;
};

/**
 * The prompt picker over the message box (typing '/' in an empty box, or the prompts button): a
 * combobox whose listbox filters as you type (title, text, description, tags); arrow keys move,
 * Enter picks, Escape closes. A prompt with `{{variables}}` asks for them first.
 */
export function PromptPicker({ onInsert, onCancel }: PromptPickerProps) {
  // The space's team: its prompts are offered after the caller's own.
  const prompts = useQuery(promptsQuery(useSpaceTeamId()));
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [filling, setFilling] = useState<Prompt | null>(null);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const shown = (prompts.data ?? []).filter((prompt) => promptMatches(prompt, search));
  const activePrompt = shown[Math.min(active, shown.length - 1)];

  useEffect(() => input.current?.focus(), []);

  function pick(prompt: Prompt) {
    if (promptVariables(prompt.body).length > 0) setFilling(prompt);
    else onInsert(prompt.body);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && shown.length > 0) {
      event.preventDefault();
      setActive((index) => (Math.min(index, shown.length - 1) + step + shown.length) % shown.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activePrompt) pick(activePrompt);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  if (filling) {
    return (
      <PromptVariablesDialog
        prompt={filling}
        onInsert={onInsert}
        onClose={() => {
          setFilling(null);
          // Back to the list, where the prompt was picked.
          requestAnimationFrame(() => input.current?.focus());
        }}
      />
    );
  }

  const optionId = (prompt: Prompt) => `${listId}-${prompt.id}`;
  return (
    <div className="absolute inset-x-0 bottom-full z-20 mb-2 rounded-2xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
      <div className="flex items-center gap-2">
        <Input
          ref={input}
          role="combobox"
          aria-label="Search prompts"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activePrompt ? optionId(activePrompt) : undefined}
          placeholder="Search prompts"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <Link
          to="/prompts"
          className="shrink-0 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:underline"
        >
          Manage
        </Link>
      </div>
      <div id={listId} role="listbox" aria-label="Saved prompts" className="mt-2 max-h-64 overflow-y-auto">
        {shown.map((prompt) => (
          // Picked with the combobox's keys (the focus stays there: aria-activedescendant), or by pointer.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keys.
          <div
            key={prompt.id}
            id={optionId(prompt)}
            role="option"
            tabIndex={-1}
            aria-selected={prompt === activePrompt}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(prompt)}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 aria-selected:bg-indigo-50"
          >
            <span className="min-w-0 flex-1 truncate">{prompt.title}</span>
            {prompt.teamId ? <Badge size="sm">Team</Badge> : null}
          </div>
        ))}
      </div>
      {prompts.isPending ? <p className="px-3 py-2 text-sm text-slate-500">Loading prompts…</p> : null}
      {prompts.isError ? (
        <p role="alert" className="px-3 py-2 text-sm text-red-600">
          {PROMPT_MESSAGES.loadFailed}
        </p>
      ) : null}
      {prompts.isSuccess && shown.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-500">
          {prompts.data.length === 0 ? 'No saved prompts yet.' : 'No prompt matches.'}
        </p>
      ) : null}
    </div>
  );
}
