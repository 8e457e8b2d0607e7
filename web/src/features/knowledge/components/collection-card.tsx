import { type Collection, KNOWLEDGE_MESSAGES } from '@agentforge/shared';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LINK_CLASS } from '../../../components/page-shell';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { filesText } from '../utils/knowledge-text';

/** Meaning-based search is on (the collection's embedding model), or what to add for it. */
export function SearchModeNote({ collection }: { collection: Pick<Collection, 'embeddingModel'> }) {
  return collection.embeddingModel ? (
    <p className="text-sm text-slate-600">
      <Badge tone="success" size="sm">
        Meaning-based search
      </Badge>{' '}
      with {collection.embeddingModel}
    </p>
  ) : (
    <p className="text-sm text-slate-600">{KNOWLEDGE_MESSAGES.keywordOnly}</p>
  );
}

type CollectionCardProps = {
  collection: Collection;
  onEdit: () => void;
  onDelete: () => void;
};

/** One collection in the list: its name (to its page), description, files and size, search mode, actions. */
export function CollectionCard({ collection, onEdit, onDelete }: CollectionCardProps) {
  const { name, editable } = collection;
  return (
    <Card className="space-y-2 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 flex-1 font-semibold break-words">
          <Link to={`/knowledge/${encodeURIComponent(collection.id)}`} className={LINK_CLASS}>
            {name}
          </Link>
        </h2>
        {collection.teamId ? <Badge tone="accent">Team</Badge> : null}
        {editable ? (
          <>
            <Button size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
              Edit
            </Button>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="danger" aria-label={`Delete ${name}`}>
                  Delete
                </Button>
              }
              title="Delete this collection?"
              description={`'${name}' and its ${filesText(collection.fileCount, collection.totalBytes)} are deleted${collection.teamId ? ' for the whole team' : ''}; chats attaching it no longer search it.`}
              confirmLabel="Delete"
              onConfirm={onDelete}
            />
          </>
        ) : null}
      </div>
      {collection.description ? (
        <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{collection.description}</p>
      ) : null}
      <p className="text-sm text-slate-600">{filesText(collection.fileCount, collection.totalBytes)}</p>
      <SearchModeNote collection={collection} />
      {editable ? null : (
        <p className="text-xs text-slate-600">Read-only: the team's Admins change it and its files.</p>
      )}
    </Card>
  );
}
