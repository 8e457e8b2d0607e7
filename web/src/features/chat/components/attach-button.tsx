import { ATTACHMENT_FILE_ACCEPT } from '@agentforge/shared';
import { PaperclipIcon } from 'lucide-react';
import { useRef } from 'react';

/** The paperclip: opens the file picker (images, PDF and Word documents, text and code files). */
export function AttachButton({
  onPick,
  onIntent,
  disabled,
}: {
  onPick: (files: File[]) => void;
  /** Pointed at or focused: a file may be picked next. */
  onIntent?: () => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        aria-label="Attach files"
        title="Attach files"
        disabled={disabled}
        onClick={() => input.current?.click()}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        className="flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:text-slate-300"
      >
        <PaperclipIcon className="size-5" />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ATTACHMENT_FILE_ACCEPT}
        data-testid="attachment-input"
        onChange={(event) => {
          onPick([...(event.target.files ?? [])]);
          // The same file can be picked again after it was removed.
          event.target.value = '';
        }}
      />
    </>
  );
}
