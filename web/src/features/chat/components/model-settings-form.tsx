import {
  hasNativeWebSearch,
  MAX_OUTPUT_TOKENS_SETTING,
  MAX_SYSTEM_PROMPT_LENGTH,
  type ModelSettings,
  modelSettingsSchema,
  WEB_SEARCH_MESSAGES,
} from '@agentforge/shared';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldVariants } from '../../../components/ui/input';
import { webSearchConfigured } from '../../../config/runtime-config';

/** The knowledge collections' checkboxes: their code (and the collections' API) loads with the chat's settings. */
const CollectionsField = lazy(() => import('../../knowledge/components/collections-field'));

const LABEL = 'block text-sm font-medium text-slate-700';
const HINT = 'mt-1 text-xs text-slate-500';

/**
 * Whether the toggle can be on for this provider, and what it says: Anthropic and Google search
 * with their own tool; the others need the operator's search API.
 */
function webSearchToggle(provider: string | undefined): { available: boolean; hint?: string } {
  if (hasNativeWebSearch(provider)) return { available: true, hint: WEB_SEARCH_MESSAGES.native };
  if (webSearchConfigured()) return { available: true };
  return provider === undefined
    ? { available: true, hint: WEB_SEARCH_MESSAGES.nativeOnly }
    : { available: false, hint: WEB_SEARCH_MESSAGES.notConfigured };
}

/** The form's text, as typed: empty numbers mean "the provider's default". */
type Draft = {
  systemPrompt: string;
  temperature: string;
  maxOutputTokens: string;
  webSearch: boolean;
  collectionIds: string[];
};

const draftOf = (settings: ModelSettings | undefined): Draft => ({
  webSearch: settings?.webSearch === true,
  collectionIds: settings?.collectionIds ?? [],
  systemPrompt: settings?.systemPrompt ?? '',
  temperature: settings?.temperature === undefined ? '' : String(settings.temperature),
  maxOutputTokens: settings?.maxOutputTokens === undefined ? '' : String(settings.maxOutputTokens),
});

/** The settings a draft says, or why it cannot be saved. */
export function settingsFromDraft(draft: Draft): { settings: ModelSettings } | { error: string } {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const candidate = {
    ...(draft.systemPrompt.trim() ? { systemPrompt: draft.systemPrompt.trim() } : {}),
    ...(number(draft.temperature) === undefined ? {} : { temperature: number(draft.temperature) }),
    ...(number(draft.maxOutputTokens) === undefined
      ? {}
      : { maxOutputTokens: number(draft.maxOutputTokens) }),
    ...(draft.webSearch ? { webSearch: true } : {}),
    ...(draft.collectionIds.length ? { collectionIds: draft.collectionIds } : {}),
  };
  const parsed = modelSettingsSchema.safeParse(candidate);
  // Each message names its field already.
  return parsed.success
    ? { settings: parsed.data }
    : { error: parsed.error.issues.map((issue) => issue.message).join('; ') };
}

/**
 * A system prompt and model parameters: a conversation's, or the defaults new conversations start
 * with. Blank fields leave the provider's defaults. `onSave` rejects with a message to show.
 */
export function ModelSettingsForm({
  initial,
  onSave,
  saveLabel = 'Save',
  footer,
  provider,
  knowledge = false,
}: {
  initial: ModelSettings | undefined;
  /** The chat's provider (absent: the defaults, for any provider): whose web search it gets. */
  provider?: string | undefined;
  onSave: (settings: ModelSettings) => Promise<void>;
  saveLabel?: string;
  /** Extra buttons beside Save (e.g. Cancel). */
  footer?: React.ReactNode;
  /** A chat's settings: the knowledge collections it searches are chosen here too (kept either way). */
  knowledge?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const search = webSearchToggle(provider);
  const field = (name: Exclude<keyof Draft, 'webSearch' | 'collectionIds'>) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [name]: event.target.value }));
      setError(null);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = settingsFromDraft(draft);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setSaving(true);
    try {
      await onSave(result.settings);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={`${id}-systemPrompt`} className={LABEL}>
          System prompt
        </label>
        <textarea
          {...field('systemPrompt')}
          rows={4}
          maxLength={MAX_SYSTEM_PROMPT_LENGTH}
          placeholder="e.g. You are a concise assistant. Answer in English."
          className={fieldVariants({ className: 'mt-1' })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-temperature`} className={LABEL}>
            Temperature
          </label>
          <input
            {...field('temperature')}
            type="number"
            min={0}
            max={2}
            step={0.1}
            inputMode="decimal"
            className={fieldVariants({ className: 'mt-1' })}
          />
          <p className={HINT}>0 to 2; blank for the model's default.</p>
        </div>
        <div>
          <label htmlFor={`${id}-maxOutputTokens`} className={LABEL}>
            Max output tokens
          </label>
          <input
            {...field('maxOutputTokens')}
            type="number"
            min={1}
            max={MAX_OUTPUT_TOKENS_SETTING}
            step={1}
            inputMode="numeric"
            className={fieldVariants({ className: 'mt-1' })}
          />
          <p className={HINT}>
            Up to {MAX_OUTPUT_TOKENS_SETTING.toLocaleString('en-US')}, within your plan’s limit.
          </p>
        </div>
      </div>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-webSearch`}
          type="checkbox"
          checked={draft.webSearch && search.available}
          disabled={!search.available}
          aria-describedby={search.hint ? `${id}-webSearch-hint` : undefined}
          onChange={(event) => setDraft((current) => ({ ...current, webSearch: event.target.checked }))}
          className="mt-0.5 size-4 accent-indigo-600"
        />
        <div>
          <label htmlFor={`${id}-webSearch`} className={LABEL}>
            {WEB_SEARCH_MESSAGES.toggle}
          </label>
          {search.hint ? (
            <p id={`${id}-webSearch-hint`} className={HINT}>
              {search.hint}
            </p>
          ) : null}
        </div>
      </div>
      {knowledge ? (
        <Suspense fallback={null}>
          <CollectionsField
            value={draft.collectionIds}
            onChange={(collectionIds) => setDraft((current) => ({ ...current, collectionIds }))}
          />
        </Suspense>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {footer}
        <Button type="submit" variant="primary" className="px-4" disabled={saving}>
          {saving ? 'Saving…' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
