import { LibraryIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

const USE_DOCUMENTS_LABEL = 'Use my documents';

/**
 * 'Use my documents' beside Chat settings, when the conversation attaches knowledge collections:
 * pressed, the next message's reply starts from the passages its text finds there (the stream's
 * `useDocuments`); it lets go once the message is sent (a choice per message). Its own chunk,
 * loaded only where a conversation has collections (the /home budget).
 */
export default function DocumentsToggle({
  pressed,
  onChange,
}: {
  pressed: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={USE_DOCUMENTS_LABEL}
      title={USE_DOCUMENTS_LABEL}
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className="size-10 shrink-0 justify-center rounded-full text-slate-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700"
    >
      <LibraryIcon aria-hidden="true" className="size-5" />
    </Button>
  );
}
