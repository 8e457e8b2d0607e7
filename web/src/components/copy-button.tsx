import { CheckIcon, CopyIcon } from 'lucide-react';
import { useCopyToClipboard } from './use-copy-to-clipboard';

type CopyButtonProps = {
  text: string;
  /** What is copied, for screen readers (e.g. 'code', 'message'). */
  what: string;
  className?: string;
};

/** Copies `text`; shows 'Copied!' for 2 seconds after. */
export function CopyButton({ text, what, className = '' }: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <button
      type="button"
      onClick={() => void copy(text)}
      aria-label={copied ? 'Copied!' : `Copy ${what}`}
      className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium transition focus-visible:outline-2 focus-visible:outline-indigo-500 ${className}`}
    >
      {copied ? <CheckIcon className="size-3.5" /> : <CopyIcon className="size-3.5" />}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </button>
  );
}
