import { ATTACHMENT_FILE_ACCEPT } from '@agentforge/shared';
import { PaperclipIcon } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';

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
      <Button
        aria-label="Attach files"
        title="Attach files"
        disabled={disabled}
        onClick={() => input.current?.click()}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        variant="ghost"
        size="round"
        className="text-slate-600"
      >
        <PaperclipIcon className="size-5" />
      </Button>
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
