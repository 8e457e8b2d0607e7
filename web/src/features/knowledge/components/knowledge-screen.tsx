import type { Collection } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageShell } from '../../../components/page-shell';
import { isPlanLimitRefusal, toastRefusal } from '../../../components/toast/refusal-toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LibrarySelect } from '../../teams/components/library-select';
import { useLibrary } from '../../teams/hooks/use-library';
import { collectionsQuery, useKnowledgeMutations } from '../api/knowledge';
import { CollectionCard } from './collection-card';
import { CollectionFormDialog } from './collection-form-dialog';

/**
 * /knowledge (issue 33): the caller's collections of documents, or in a team's space the team's
 * (its Admins manage them; its Users read and search them). Create, rename and describe, delete.
 */
export function KnowledgeScreen() {
  const scope = useLibrary();
  const { libraryTeamId } = scope;
  /** The caller's own library, or a team's as its Admin (the API checks the role again). */
  const canCreate = scope.library === 'own' || scope.isAdmin;
  const collections = useQuery(collectionsQuery(libraryTeamId));
  const mutations = useKnowledgeMutations();
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);

  const newButton = canCreate ? (
    <Button variant="primary" onClick={() => setEditing('new')}>
      New collection
    </Button>
  ) : null;

  return (
    <PageShell
      title="Knowledge"
      aside={
        <div className="flex flex-wrap gap-2">
          <LibrarySelect scope={scope} ownLabel="Your collections" />
          {collections.data?.length ? newButton : null}
        </div>
      }
    >
      <p className="text-sm text-slate-600">
        Collections of documents the chat can search: attach collections in a chat's settings and its replies
        cite the passages they used.
      </p>
      {collections.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The collections could not be loaded.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void collections.refetch()}
          >
            Retry
          </button>
        </p>
      ) : null}
      {collections.isSuccess && collections.data.length === 0 ? (
        <Card className="space-y-3 p-6 text-center">
          <h2 className="font-semibold">No collections yet</h2>
          <p className="text-sm text-slate-600">
            {canCreate
              ? 'Create one and upload PDF, Word, Markdown, text, HTML, CSV or code files to it.'
              : "The team's Admins create its collections; they show here."}
          </p>
          {newButton}
        </Card>
      ) : null}
      <ul className="space-y-3" aria-label="Collections">
        {(collections.data ?? []).map((collection) => (
          <li key={collection.id}>
            <CollectionCard
              collection={collection}
              onEdit={() => setEditing(collection)}
              onDelete={() =>
                mutations.remove.mutate(collection, {
                  onError: (error) => toastRefusal('The collection could not be deleted', error),
                })
              }
            />
          </li>
        ))}
      </ul>
      {editing ? (
        <CollectionFormDialog
          collection={editing === 'new' ? undefined : editing}
          teamName={editing === 'new' && libraryTeamId ? scope.team?.name : undefined}
          onSave={async (input) => {
            try {
              if (editing === 'new') {
                return await mutations.create.mutateAsync({
                  ...input,
                  ...(libraryTeamId ? { teamId: libraryTeamId } : {}),
                });
              }
              return await mutations.update.mutateAsync({ id: editing.id, input });
            } catch (error) {
              // A plan limit's refusal is also a toast with 'Upgrade Plan'; the form shows every reason.
              if (isPlanLimitRefusal(error)) toastRefusal('The collection could not be saved', error);
              throw error;
            }
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </PageShell>
  );
}
