import { type Collection, KNOWLEDGE_MESSAGES, MAX_ATTACHED_COLLECTIONS } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { LINK_CLASS } from '../../../components/page-shell';
import { useSpaceTeamId } from '../../teams/hooks/use-space';
import { collectionsQuery } from '../api/knowledge';

type CollectionsFieldProps = {
  /** The collections ticked (modelSettings.collectionIds). */
  value: readonly string[];
  onChange: (collectionIds: string[]) => void;
  /**
   * Whose collections an automation attaches, instead of the space's: a team's automation only
   * the team's (`teamId`), a person's only their own (undefined). Absent (a chat): the caller's own
   * and, in a team's space, the team's.
   */
  owner?: { teamId: string | undefined };
};

/**
 * 'Knowledge' in a chat's settings: the caller's collections and, in a team's space, the team's,
 * as checkboxes; up to MAX_ATTACHED_COLLECTIONS ticked (the others are then disabled). The chat's
 * model searches the ticked ones. Loaded with the settings dialog (model-settings-form.tsx).
 */
export default function CollectionsField({ value, onChange, owner }: CollectionsFieldProps) {
  const id = useId();
  const spaceTeamId = useSpaceTeamId();
  const teamId = owner ? owner.teamId : spaceTeamId;
  const ownListed = !owner?.teamId;
  const own = useQuery({ ...collectionsQuery(), enabled: ownListed });
  const team = useQuery({ ...collectionsQuery(teamId), enabled: teamId !== undefined });
  const listed: (Collection & { team?: boolean })[] = [
    ...(ownListed ? (own.data ?? []) : []),
    ...(teamId ? (team.data ?? []).map((collection) => ({ ...collection, team: true })) : []),
  ];
  const known = new Set(listed.map((collection) => collection.id));
  // An attached collection since deleted is not listed, and is dropped with the next change.
  const ticked = value.filter((collectionId) => known.has(collectionId));
  const full = ticked.length >= MAX_ATTACHED_COLLECTIONS;
  const toggle = (collectionId: string, on: boolean) =>
    onChange(on ? [...ticked, collectionId] : ticked.filter((candidate) => candidate !== collectionId));

  return (
    <fieldset aria-describedby={`${id}-hint`} className="space-y-2">
      <legend className="block text-sm font-medium text-slate-700">Knowledge</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {full
          ? KNOWLEDGE_MESSAGES.tooManyAttached
          : `The model searches the collections ticked (up to ${MAX_ATTACHED_COLLECTIONS}) and cites the passages it uses.`}
      </p>
      {own.isError || team.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The collections could not be loaded.
        </p>
      ) : null}
      {(ownListed ? own : team).isSuccess && listed.length === 0 ? (
        <p className="text-sm text-slate-600">
          No collections yet:{' '}
          <Link to="/knowledge" className={LINK_CLASS}>
            create one on the Knowledge page
          </Link>
          .
        </p>
      ) : null}
      {listed.length ? (
        <ul className="max-h-48 space-y-1.5 overflow-y-auto">
          {listed.map((collection) => {
            const checked = ticked.includes(collection.id);
            return (
              <li key={collection.id} className="flex items-center gap-2">
                <input
                  id={`${id}-${collection.id}`}
                  type="checkbox"
                  checked={checked}
                  disabled={full && !checked}
                  onChange={(event) => toggle(collection.id, event.target.checked)}
                  className="size-4 accent-indigo-600"
                />
                <label
                  htmlFor={`${id}-${collection.id}`}
                  className="min-w-0 text-sm break-words text-slate-700"
                >
                  {collection.name}
                  {collection.team ? ' ' : null}
                  {collection.team ? <span className="text-slate-500">(team)</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
    </fieldset>
  );
}
