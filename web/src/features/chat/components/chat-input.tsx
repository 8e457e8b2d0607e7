import { ATTACHMENT_INPUT_MESSAGES, CHAT_INPUT_MAX_HEIGHT_PX } from '@agentforge/shared';
import { ArrowUpIcon, FileTextIcon, SquareIcon } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/ui/button';
import { VoiceControl } from '../../voice/lazy-voice';
import {
  type OutgoingAttachments,
  preloadFileChecks,
  useAttachmentUploads,
} from '../hooks/use-attachment-uploads';
import type { SendChoices } from '../hooks/use-send-message';
import { AttachButton } from './attach-button';
import { preloadConversation } from './lazy-conversation-view';

type ChatInputProps = {
  /**
   * Sends the text, with the attached files when there are any (issue 17: upload them to the
   * conversation with `attachments.upload(conversationId)`, then pass their ids in the stream's
   * `attachmentIds`); resolves true when it was taken (the input then empties).
   */
  onSend: (text: string, attachments?: OutgoingAttachments, choices?: SendChoices) => Promise<boolean>;
  /** Something is loading or being created, or there is no model to send to. */
  blocked: boolean;
  streaming: boolean;
  onStop: () => void;
  /** The last refusal ('Please enter a message.', ...). */
  notice: string | null;
  onEdit: () => void;
  placeholder?: string;
  /**
   * Offers 'Attach files': files upload to `conversationId` as soon as they are picked (null: a
   * new chat, uploaded when sent); images go only where `acceptsImages`, else they wait with
   * 'Switch model' (`onSwitchModel`) and 'Send without it'.
   */
  attachments?: { conversationId: string | null; acceptsImages: boolean; onSwitchModel?: () => void };
  /** Beside the paperclip: the chat's settings button. */
  tools?: ReactNode;
  /** The conversation attaches knowledge collections: 'Use my documents' is offered, per message. */
  documents?: boolean;
};

const loadPicker = () => import('../../prompts/components/prompt-picker');
/** The prompt library's picker: its code loads on first use (or when its button is pointed at or focused). */
const PromptPicker = lazy(() => loadPicker().then((module) => ({ default: module.PromptPicker })));
const preloadPicker = () => void loadPicker().catch(() => {});
const loadChips = () => import('./attachment-chips');
/** The picked files' chips and the held-back images' notice: their code loads with the first file picked. */
const AttachmentChips = lazy(() => loadChips().then((module) => ({ default: module.AttachmentChips })));
const HeldBackImages = lazy(() => loadChips().then((module) => ({ default: module.HeldBackImages })));
/** The paperclip pointed at or focused: the chips and the file checks load ahead of the first file. */
const preloadAttachments = () => {
  void loadChips().catch(() => {});
  preloadFileChecks();
};
/** 'Use my documents': only where the conversation attaches collections, so its code loads then. */
const DocumentsToggle = lazy(() => import('./documents-toggle'));

/** The textarea grows with its content up to CHAT_INPUT_MAX_HEIGHT_PX, then scrolls. */
function fitHeight(textarea: HTMLTextAreaElement | null): void {
  if (!textarea) return;
  textarea.style.height = 'auto';
  const height = Math.min(textarea.scrollHeight, CHAT_INPUT_MAX_HEIGHT_PX);
  textarea.style.height = `${height}px`;
  textarea.style.overflowY = textarea.scrollHeight > CHAT_INPUT_MAX_HEIGHT_PX ? 'auto' : 'hidden';
}

/**
 * The message input (spec 5 "Chat"): Enter sends, Shift+Enter adds a newline. Send is enabled
 * only with non-empty trimmed text while nothing is loading; 'Stop Generating' shows while streaming.
 */
export function ChatInput({
  onSend,
  blocked,
  streaming,
  onStop,
  notice,
  onEdit,
  placeholder,
  attachments,
  tools,
  documents = false,
}: ChatInputProps) {
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const files = useAttachmentUploads(attachments?.conversationId ?? null, attachments?.acceptsImages ?? true);
  const [fileNotice, setFileNotice] = useState<string | null>(null);
  const [voiceStatus, setVoiceStatus] = useState<HTMLDivElement | null>(null);
  /** The prompt picker is open: by the button, or by '/' typed in the empty box (`slash`). */
  const [picker, setPicker] = useState<'button' | 'slash' | null>(null);
  const canSend = text.trim() !== '' && !blocked && !streaming;
  const [useDocuments, setUseDocuments] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => fitHeight(textarea.current), [text]);

  async function submit() {
    const choices = documents && useDocuments ? { useDocuments: true } : undefined;
    if (files.outgoing.count === 0) {
      if (await (choices ? onSend(text, undefined, choices) : onSend(text))) sent();
      return;
    }
    if (files.failed) return setFileNotice(ATTACHMENT_INPUT_MESSAGES.removeFailed);
    setFileNotice(null);
    if (await onSend(text, files.outgoing, choices)) {
      sent();
      files.clear();
    }
  }

  /** The message was taken: the box empties and 'Use my documents' lets go (a choice per message). */
  function sent() {
    setText('');
    setUseDocuments(false);
  }

  function closePicker(text?: string) {
    setPicker(null);
    if (text !== undefined) setText(text);
    requestAnimationFrame(() => textarea.current?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === '/' && text === '' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      setPicker('slash');
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return (
    <div className="shrink-0 px-4 pb-4 sm:px-6">
      <form onSubmit={onSubmit} className="relative mx-auto w-full max-w-3xl">
        {streaming ? (
          <div className="absolute -top-12 left-1/2 -translate-x-1/2">
            <button
              type="button"
              onClick={onStop}
              className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-md ring-1 ring-slate-200 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <SquareIcon className="size-3.5" fill="currentColor" />
              Stop Generating
            </button>
          </div>
        ) : null}
        {notice ? (
          <p role="alert" className="mb-2 px-2 text-sm font-medium text-red-600">
            {notice}
          </p>
        ) : null}
        {attachments && (fileNotice ?? files.notice) ? (
          <p role="alert" className="mb-2 px-2 text-sm font-medium text-red-600">
            {fileNotice ?? files.notice}
          </p>
        ) : null}
        {picker ? (
          <Suspense fallback={null}>
            <PromptPicker
              onInsert={(filled) => closePicker(filled)}
              // Escape after '/' keeps the '/': a message may start with one.
              onCancel={() => closePicker(picker === 'slash' ? '/' : undefined)}
            />
          </Suspense>
        ) : null}
        {attachments && files.files.length > 0 ? (
          <Suspense fallback={null}>
            <AttachmentChips
              files={files.files}
              onRemove={(key) => {
                setFileNotice(null);
                files.remove(key);
              }}
              onRetry={(key) => {
                setFileNotice(null);
                files.retry(key);
              }}
              heldBack={files.heldBack}
            />
            <HeldBackImages
              images={files.heldBack}
              onSwitchModel={attachments.onSwitchModel}
              onDrop={() => {
                for (const image of files.heldBack) files.remove(image.key);
              }}
            />
          </Suspense>
        ) : null}
        <div ref={setVoiceStatus} />
        <div
          className={`flex items-end gap-2 rounded-[26px] bg-white p-2 shadow-[0_2px_12px_rgba(15,23,42,0.08)] ring-1 ring-slate-200 transition focus-within:ring-slate-300 ${
            attachments || tools ? 'pl-2' : 'pl-5'
          }`}
        >
          {tools}
          {documents ? (
            <Suspense fallback={null}>
              <DocumentsToggle pressed={useDocuments} onChange={setUseDocuments} />
            </Suspense>
          ) : null}
          {attachments ? (
            <AttachButton
              onIntent={preloadAttachments}
              disabled={streaming}
              onPick={(picked) => {
                setFileNotice(null);
                files.add(picked);
              }}
            />
          ) : null}
          <Button
            aria-label="Saved prompts"
            title="Saved prompts"
            aria-expanded={picker !== null}
            onClick={() => setPicker((open) => (open ? null : 'button'))}
            onPointerEnter={preloadPicker}
            onFocus={preloadPicker}
            variant="ghost"
            size="round"
            className="text-slate-600"
          >
            <FileTextIcon className="size-5" />
          </Button>
          <textarea
            ref={textarea}
            aria-label="Message"
            rows={1}
            value={text}
            placeholder={placeholder ?? 'Message'}
            onChange={(event) => {
              setText(event.target.value);
              if (notice) onEdit();
            }}
            onKeyDown={onKeyDown}
            // The messages' list and the reply's Markdown parser load while the message is written.
            onFocus={preloadConversation}
            style={{ maxHeight: CHAT_INPUT_MAX_HEIGHT_PX }}
            className="block min-h-10 flex-1 resize-none bg-transparent py-2 text-[15px] leading-6 text-slate-900 outline-none placeholder:text-slate-400"
          />
          <VoiceControl kind="dictate" textarea={textarea} setText={setText} statusSlot={voiceStatus} />
          <button
            type="submit"
            disabled={!canSend}
            aria-label="Send message"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-900 text-white transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-400"
          >
            <ArrowUpIcon className="size-5" />
          </button>
        </div>
      </form>
    </div>
  );
}
