import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LINK_CLASS, PageShell } from '../../../components/page-shell';
import { toastRefusal } from '../../../components/toast/refusal-toast';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  awaitsIndexing,
  collectionQuery,
  FILE_POLL_INTERVAL_MS,
  filesQuery,
  useKnowledgeMutations,
} from '../api/knowledge';
import { useKnowledgeUploads } from '../hooks/use-knowledge-uploads';
import { filesText } from '../utils/knowledge-text';
import { SearchModeNote } from './collection-card';
import { CollectionFormDialog } from './collection-form-dialog';
import { FileList } from './file-list';
import { KnowledgeSearch } from './knowledge-search';
import { UploadZone } from './upload-zone';

const allCollections = (
  <Link to="/knowledge" className={LINK_CLASS}>
    All collections
  </Link>
);

/**
 * /knowledge/:id: a collection's files (status, indexing progress read again every 2 s while any
 * is queued or indexing, failure reasons), uploads by button or drag-and-drop, delete, and a
 * search over it to check what the chat will find. Editable for its owner or its team's Admins.
 */
export function CollectionScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const files = useQuery(filesQuery(id));
  const indexing = files.data?.some((file) => awaitsIndexing(file)) ?? false;
  // Its counts change as files are indexed: read again with them.
  const collection = useQuery({
    ...collectionQuery(id),
    refetchInterval: indexing ? FILE_POLL_INTERVAL_MS : false,
  });
  const mutations = useKnowledgeMutations();
  const uploads = useKnowledgeUploads(id);
  const [editing, setEditing] = useState(false);

  if (collection.isError) {
    return (
      <PageShell title="Collection" aside={allCollections}>
        <p role="alert" className="text-sm text-red-600">
          {collection.error.message}
        </p>
      </PageShell>
    );
  }
  const current = collection.data;
  if (!current) return <PageShell title="Collection">{null}</PageShell>;
  const { name, editable } = current;

  return (
    <PageShell title={name} aside={allCollections}>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 flex-1 text-sm text-slate-600">
            {filesText(current.fileCount, current.totalBytes)}
          </p>
          {current.teamId ? <Badge tone="accent">Team</Badge> : null}
          {editable ? (
            <>
              <Button size="sm" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="danger">
                    Delete collection
                  </Button>
                }
                title="Delete this collection?"
                description={`'${name}' and its files are deleted${current.teamId ? ' for the whole team' : ''}; chats attaching it no longer search it.`}
                confirmLabel="Delete"
                onConfirm={() =>
                  mutations.remove.mutate(current, {
                    onSuccess: () => navigate('/knowledge'),
                    onError: (error) => toastRefusal('The collection could not be deleted', error),
                  })
                }
              />
            </>
          ) : null}
        </div>
        {current.description ? (
          <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{current.description}</p>
        ) : null}
        <SearchModeNote collection={current} />
        {editable ? null : (
          <p className="text-xs text-slate-600">Read-only: the team's Admins change it and its files.</p>
        )}
      </Card>

      <Card asChild className="space-y-3 p-4">
        <section aria-labelledby="knowledge-files">
          <h2 id="knowledge-files" className="font-semibold">
            Files
          </h2>
          {editable ? (
            <UploadZone items={uploads.items} onFiles={uploads.upload} onDismiss={uploads.dismiss} />
          ) : null}
          {files.isError ? (
            <p role="alert" className="text-sm text-red-600">
              The files could not be loaded.{' '}
              <button type="button" className="font-semibold underline" onClick={() => void files.refetch()}>
                Retry
              </button>
            </p>
          ) : null}
          {files.isSuccess && files.data.length === 0 ? (
            <p className="text-sm text-slate-600">No files yet.</p>
          ) : null}
          <FileList
            files={files.data ?? []}
            editable={editable}
            onDelete={(file) =>
              mutations.removeFile.mutate(file, {
                onError: (error) => toastRefusal('The file could not be deleted', error),
              })
            }
          />
        </section>
      </Card>

      <Card asChild className="space-y-3 p-4">
        <section aria-labelledby="knowledge-search">
          <h2 id="knowledge-search" className="font-semibold">
            Search
          </h2>
          <p className="text-sm text-slate-600">Check what a chat that attaches this collection will find.</p>
          <KnowledgeSearch collectionId={id} />
        </section>
      </Card>

      {editing ? (
        <CollectionFormDialog
          collection={current}
          onSave={(input) => mutations.update.mutateAsync({ id: current.id, input })}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </PageShell>
  );
}
