import type { KnowledgeCitation } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Dialog } from '../../../components/dialog';
import { LINK_CLASS } from '../../../components/page-shell';
import { passageQuery } from '../api/knowledge';
import { locationText } from '../utils/knowledge-text';

/**
 * A cited passage (GET …/chunks/{chunkIndex}): its file and location, its text (as text, never
 * markup), and a link to its collection's page. Where it cannot be read now (the file deleted),
 * the text as the reply cited it.
 */
export function PassageDialog({ citation, onClose }: { citation: KnowledgeCitation; onClose: () => void }) {
  const passage = useQuery(passageQuery(citation.collectionId, citation.fileId, citation.chunkIndex));
  const shown = passage.data ?? citation;
  const where = locationText(shown.location);
  return (
    <Dialog title={shown.fileName} description={where || undefined} onClose={onClose} width="max-w-2xl">
      <div className="space-y-4">
        {passage.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The passage could not be read now ({passage.error.message}); this is its text as the reply cited
            it.
          </p>
        ) : null}
        {passage.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading the passage…
          </p>
        ) : (
          <blockquote className="border-l-4 border-slate-200 pl-4 text-sm break-words whitespace-pre-wrap text-slate-800">
            {shown.text}
          </blockquote>
        )}
        <Link to={`/knowledge/${encodeURIComponent(citation.collectionId)}`} className={LINK_CLASS}>
          Open its collection
        </Link>
      </div>
    </Dialog>
  );
}
