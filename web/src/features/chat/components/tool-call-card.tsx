import { CHAT_MESSAGES, type ToolCall, type ToolCallStatus, type ToolProgress } from '@agentforge/shared';
import { WrenchIcon } from 'lucide-react';
import { useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { Badge } from '../../../components/ui/badge';

const STATUS: Readonly<Record<ToolCallStatus, { label: string; className: string }>> = {
  calling: { label: 'Calling', className: 'bg-sky-50 text-sky-700 ring-sky-600/20' },
  success: { label: 'Success', className: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
  error: { label: 'Error', className: 'bg-red-50 text-red-700 ring-red-600/20' },
};

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/**
 * Spec 8: 'Error executing tool {name}: {error or Unknown error}'. The API saves (and its
 * `tool_error` event carries) the error already worded so; it is not worded twice.
 */
export function toolErrorText(call: Pick<ToolCall, 'name' | 'error'>): string {
  const prefix = CHAT_MESSAGES.toolError(call.name, '\u0000').split('\u0000')[0] ?? '';
  return call.error?.startsWith(prefix) ? call.error : CHAT_MESSAGES.toolError(call.name, call.error);
}

/** A long call's latest progress: 'Running… 40% — <message>' (a count when the server gives no total). */
export function toolProgressText({ progress, total, message }: ToolProgress): string {
  const amount = total && total > 0 ? `${Math.round((progress / total) * 100)}%` : `${progress}`;
  return `Running… ${amount}${message ? ` — ${message}` : ''}`;
}

/** Past this many characters an input or result is folded: its start, with 'Show all'. */
export const FOLD_OVER_CHARS = 20_000;
/** How much of a folded one is shown. */
const FOLDED_CHARS = 2_000;

/** A tool call's input or result as text (never markup), folded past FOLD_OVER_CHARS. */
export function ToolValueSection({ title, value }: { title: string; value: unknown }) {
  const text = shown(value);
  const [all, setAll] = useState(false);
  const folded = !all && text.length > FOLD_OVER_CHARS;
  return (
    <div>
      <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <ScrollRegion
        label={title}
        className="max-h-60 overflow-auto rounded-lg bg-white ring-1 ring-slate-200"
      >
        <pre className="p-3 font-mono text-xs text-slate-700">
          {folded ? text.slice(0, FOLDED_CHARS) : text}
        </pre>
      </ScrollRegion>
      {folded ? (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          {`${(text.length - FOLDED_CHARS).toLocaleString('en-US')} more characters`}
          <button
            type="button"
            onClick={() => setAll(true)}
            aria-label={`Show all of the ${title.toLowerCase()}`}
            className="rounded-md px-2 py-1 font-medium text-indigo-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            Show all
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * One tool call of a reply: name and status, with its input, result or error when opened (only
 * then rendered: a long chat holds many large results). A large input or result is folded.
 */
export function ToolCallCard({ call }: { call: ToolCall }) {
  const status = STATUS[call.status];
  // An error opens the card until the reader opens or closes it themselves.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? call.status === 'error';
  return (
    <details
      className="group my-2 rounded-xl bg-slate-50 ring-1 ring-slate-200"
      open={open}
      onToggle={(event) => setToggled(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <WrenchIcon className="size-4 text-slate-500" />
        <span className="font-mono font-medium text-slate-800">{call.name}</span>
        {call.serverName ? (
          <Badge tone="outline" size="sm" className="max-w-48 truncate">
            <span className="sr-only">on server </span>
            {call.serverName}
          </Badge>
        ) : null}
        <span
          className={`ml-auto inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${status.className}`}
        >
          {call.status === 'calling' ? (
            <span
              aria-hidden="true"
              className="size-2.5 animate-spin rounded-full border-2 border-sky-300 border-t-sky-700"
            />
          ) : null}
          {status.label}
        </span>
        {call.status === 'calling' && call.progress ? (
          <span role="status" className="basis-full text-xs break-words text-sky-800">
            {toolProgressText(call.progress)}
          </span>
        ) : null}
      </summary>
      {open ? (
        <div className="space-y-3 border-t border-slate-200 px-3 py-3">
          {call.input !== undefined ? <ToolValueSection title="Input" value={call.input} /> : null}
          {call.result !== undefined ? <ToolValueSection title="Result" value={call.result} /> : null}
          {call.status === 'error' ? (
            <p role="alert" className="text-sm text-red-700">
              {toolErrorText(call)}
            </p>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}
