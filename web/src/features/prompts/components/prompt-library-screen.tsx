import {
  PROMPT_MESSAGES,
  type Prompt,
  parsePromptImport,
  promptImportErrorText,
  promptMatches,
} from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageShell } from '../../../components/page-shell';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { download } from '../../chat/utils/conversation-file';
import { LibrarySelect } from '../../teams/components/library-select';
import { useLibrary } from '../../teams/hooks/use-library';
import { exportPrompts, promptsQuery, usePromptMutations } from '../api/prompts';
import { PromptFormDialog } from './prompt-form-dialog';

/**
 * /prompts: the prompt library. The caller's own prompts, and in a team's space the team's (its
 * Admins edit them, members use them), one library at a time; search, create, edit, delete, and
 * export and import the library shown as JSON (a team's import: its Admins only).
 */
export function PromptLibraryScreen() {
  const scope = useLibrary();
  const { teamId, team, library, setLibrary, isAdmin, libraryTeamId } = scope;
  const prompts = useQuery(promptsQuery(teamId));
  const mutations = usePromptMutations();
  /** A team's library: written by its Admins only (the API checks it again). */
  const mayImport = library === 'own' || isAdmin;
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Prompt | 'new' | null>(null);
  const [notice, setNotice] = useState<{ text: string; lines?: string[]; error: boolean } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const inLibrary = (prompts.data ?? []).filter(
    (prompt) => !teamId || (library === 'team') === (prompt.teamId === teamId),
  );
  const shown = inLibrary.filter((prompt) => promptMatches(prompt, search));

  async function onExport() {
    const file = await exportPrompts(libraryTeamId);
    download(
      libraryTeamId ? `${team?.name ?? 'team'}-prompts.json` : 'prompts.json',
      JSON.stringify(file, null, 2),
      'application/json',
    );
  }

  async function onImportFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let items: unknown;
    try {
      items = (JSON.parse(await file.text()) as { prompts?: unknown }).prompts;
    } catch {
      return setNotice({ text: PROMPT_MESSAGES.importNotJson, error: true });
    }
    if (!Array.isArray(items)) return setNotice({ text: PROMPT_MESSAGES.importShape, error: true });
    if (items.length === 0) return setNotice({ text: PROMPT_MESSAGES.importEmpty, error: true });
    const { errors } = parsePromptImport(items);
    if (errors.length > 0)
      return setNotice({
        text: PROMPT_MESSAGES.importItems,
        lines: errors.map(promptImportErrorText),
        error: true,
      });
    try {
      const { imported } = await mutations.importFile.mutateAsync({ teamId: libraryTeamId, prompts: items });
      const into = libraryTeamId ? ` into ${team?.name ?? 'the team'}` : '';
      setNotice({
        text: `Imported ${imported} ${imported === 1 ? 'prompt' : 'prompts'}${into}.`,
        error: false,
      });
    } catch (error) {
      setNotice({ text: error instanceof Error ? error.message : String(error), error: true });
    }
  }

  return (
    <PageShell
      title="Prompt library"
      aside={
        <div className="flex flex-wrap gap-2">
          <LibrarySelect scope={scope} ownLabel="Your prompts" onChange={() => setNotice(null)} />
          <Button size="sm" onClick={() => void onExport()}>
            Export
          </Button>
          {mayImport ? (
            <>
              <Button size="sm" onClick={() => fileInput.current?.click()}>
                Import
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept="application/json,.json"
                className="sr-only"
                tabIndex={-1}
                aria-label="Prompt library file to import"
                onChange={(event) => void onImportFile(event)}
              />
            </>
          ) : null}
        </div>
      }
    >
      <p className="text-sm text-slate-600">
        Saved prompts go into the message box: type / in an empty message box, or press the prompts button
        beside it. Write {'{{name}}'} where a value is asked for when the prompt is used.
      </p>
      {notice ? (
        <div
          role={notice.error ? 'alert' : 'status'}
          className={notice.error ? 'text-sm text-red-700' : 'text-sm text-emerald-700'}
        >
          <p className="font-medium">{notice.text}</p>
          {notice.lines ? (
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {notice.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          type="search"
          aria-label="Search prompts"
          placeholder="Search by title, text or tag"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button variant="primary" onClick={() => setEditing('new')}>
          New prompt
        </Button>
      </div>
      {prompts.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {PROMPT_MESSAGES.loadFailed}
        </p>
      ) : null}
      {prompts.isSuccess && shown.length === 0 ? (
        <p className="text-sm text-slate-500">
          {inLibrary.length === 0 ? 'No saved prompts yet.' : 'No prompt matches.'}
        </p>
      ) : null}
      <ul className="space-y-3" aria-label="Prompts">
        {shown.map((prompt) => (
          <li key={prompt.id}>
            <Card className="space-y-2 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="min-w-0 flex-1 font-semibold break-words">{prompt.title}</h2>
                {prompt.teamId ? <Badge tone="accent">Team</Badge> : null}
                {prompt.editable ? (
                  <>
                    <Button size="sm" aria-label={`Edit ${prompt.title}`} onClick={() => setEditing(prompt)}>
                      Edit
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button size="sm" variant="danger" aria-label={`Delete ${prompt.title}`}>
                          Delete
                        </Button>
                      }
                      title="Delete this prompt?"
                      description={`'${prompt.title}' is deleted${prompt.teamId ? ' for the whole team' : ''}.`}
                      confirmLabel="Delete"
                      onConfirm={() => mutations.remove.mutate(prompt)}
                    />
                  </>
                ) : null}
              </div>
              {prompt.description ? <p className="text-sm text-slate-600">{prompt.description}</p> : null}
              <p className="line-clamp-3 text-sm whitespace-pre-wrap text-slate-800">{prompt.body}</p>
              {prompt.tags.length ? (
                <p className="flex flex-wrap gap-1">
                  {prompt.tags.map((tag) => (
                    <Badge key={tag} tone="outline" size="sm">
                      {tag}
                    </Badge>
                  ))}
                </p>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      {editing ? (
        <PromptFormDialog
          prompt={editing === 'new' ? undefined : editing}
          teamName={isAdmin ? team?.name : undefined}
          shareByDefault={library === 'team'}
          onSave={async (input, share) => {
            if (editing !== 'new') return mutations.update.mutateAsync({ prompt: editing, input });
            await mutations.create.mutateAsync({ ...input, ...(share ? { teamId } : {}) });
            // The page shows the library the new prompt went into.
            setLibrary(share ? 'team' : 'own');
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </PageShell>
  );
}
