import type { KnowledgeCitation } from '@agentforge/shared';
import { useState } from 'react';
import { ReferenceList } from '../../chat/components/reference-list';
import { locationText } from '../utils/knowledge-text';
import { PassageDialog } from './passage-dialog';

/** The heading of a reply's knowledge references (its web search's are 'Sources'). */
const CITATIONS_LABEL = 'From your documents';

/**
 * The passages of the user's collections a reply cites, numbered as it cites them ([1], [2]…):
 * file and page or section; each opens the passage in a dialog. Loaded with the first reply that
 * has citations (assistant-message.tsx).
 */
export default function MessageCitations({ citations }: { citations: KnowledgeCitation[] }) {
  const [open, setOpen] = useState<KnowledgeCitation | null>(null);
  return (
    <>
      <ReferenceList
        label={CITATIONS_LABEL}
        items={citations}
        itemKey={(citation, index) => `${citation.fileId}:${citation.chunkIndex}:${index}`}
        renderItem={(citation) => {
          const where = locationText(citation.location);
          return (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => setOpen(citation)}
              className="min-w-0 text-left break-words text-indigo-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              {citation.fileName}
              {/* The separator outside the span: a name is computed from it whole (jsdom trims a child's edges). */}
              {where ? ' · ' : null}
              {where ? <span className="text-xs text-slate-600">{where}</span> : null}
            </button>
          );
        }}
      />
      {open ? <PassageDialog citation={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
