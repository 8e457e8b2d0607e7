import {
  type CatalogEntry,
  catalogAddable,
  catalogCreateRequest,
  catalogRequiredInputs,
  catalogServerName,
  errorMessage,
  SERVER_MESSAGES,
  searchCatalog,
} from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { CreatesIn } from '../../teams/components/creates-in';
import { catalogQuery } from '../api/catalog';
import type { ServerView } from '../api/servers';
import type { ServersState } from '../hooks/use-servers';
import { CatalogAddDialog } from './catalog-add-dialog';

/** Why a remote entry's 'Add' is off: the remote server kind is not built yet. */
export const ADD_UNAVAILABLE = 'Its URL or headers are not ones a server can be created with';

type CatalogBrowserProps = {
  servers: Pick<ServersState, 'create'>;
  /** The caller may add servers here (the personal space, a team's Admin). */
  canManage: boolean;
  onAdded: (server: ServerView) => void;
};

function EntryCard({
  entry,
  canManage,
  adding,
  failure,
  createsInId,
  onAdd,
}: {
  entry: CatalogEntry;
  /** Says which space 'Add' creates the server in. */
  createsInId: string;
  canManage: boolean;
  adding: boolean;
  failure: string | undefined;
  onAdd: () => void;
}) {
  const titleId = useId();
  const reasonId = useId();
  const pkg = entry.packages[0];
  const remote = entry.remotes[0];
  const needs = pkg ? pkg.environmentVariables : (remote?.headers ?? []);
  const required = needs.filter((input) => input.isRequired);
  const addable = catalogAddable(entry);
  return (
    <Card asChild className="p-3">
      <article aria-labelledby={titleId}>
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="text-sm font-semibold text-slate-900">
              {catalogServerName(entry)}
            </h3>
            <p className="truncate font-mono text-[11px] text-slate-500">{entry.name}</p>
          </div>
          {canManage ? (
            <Button
              size="xs"
              variant="primary"
              disabled={!addable || adding}
              aria-describedby={addable ? createsInId : reasonId}
              aria-label={`Add ${catalogServerName(entry)}`}
              onClick={onAdd}
            >
              {adding ? 'Adding…' : 'Add'}
            </Button>
          ) : null}
        </div>
        <p className="mt-1.5 text-xs text-slate-700">{entry.description}</p>
        <p className="mt-1.5 text-xs break-all text-slate-600">
          {pkg ? (
            <>
              npm <span className="font-mono">{pkg.identifier}</span>
            </>
          ) : (
            <>
              Remote <span className="font-mono">{remote?.url}</span>
            </>
          )}
        </p>
        {required.length > 0 ? (
          <div className="mt-1.5 flex flex-wrap items-center gap-1 text-xs text-slate-600">
            Needs
            {required.map((input) => (
              <Badge key={input.name} size="sm" tone={input.isSecret ? 'warning' : 'neutral'}>
                <span className="font-mono">{input.name}</span>
                {input.isSecret ? ' (secret)' : ''}
              </Badge>
            ))}
          </div>
        ) : null}
        {!addable && canManage ? (
          <p id={reasonId} className="mt-1.5 text-xs text-slate-500">
            {ADD_UNAVAILABLE}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="mt-1.5 text-xs text-red-600">
            {failure}
          </p>
        ) : null}
      </article>
    </Card>
  );
}

/**
 * The Servers view's 'Browse' (issue 30 item 2): the catalog, searchable by name and description;
 * 'Add' creates the server at once when the entry needs nothing, else asks for exactly what it needs.
 */
export function CatalogBrowser({ servers, canManage, onAdded }: CatalogBrowserProps) {
  const catalog = useQuery(catalogQuery());
  const [query, setQuery] = useState('');
  const [form, setForm] = useState<CatalogEntry | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const searchId = useId();
  const createsInId = useId();

  const add = async (entry: CatalogEntry) => {
    if (catalogRequiredInputs(entry).length > 0) return setForm(entry);
    const request = catalogCreateRequest(entry, {});
    if (!request) return;
    setAdding(entry.name);
    setFailures(({ [entry.name]: _, ...rest }) => rest);
    try {
      onAdded(await servers.create(request));
    } catch (error) {
      setFailures((current) => ({
        ...current,
        [entry.name]: errorMessage(error) || SERVER_MESSAGES.saveFailed,
      }));
    } finally {
      setAdding(null);
    }
  };

  if (catalog.isPending) return <p className="px-3 text-sm text-slate-500">Loading the catalog…</p>;
  if (catalog.isError) {
    return (
      <div role="alert" className="px-3 text-sm text-red-600">
        <p>{catalog.error.message}</p>
        <Button size="xs" variant="ghost" className="mt-1" onClick={() => void catalog.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const entries = searchCatalog(catalog.data, query);
  return (
    <div className="space-y-2.5">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search the catalog
        </label>
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search servers"
          className="pl-8"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </div>
      {canManage ? (
        <p className="flex text-xs text-slate-500">
          <CreatesIn id={createsInId} />
        </p>
      ) : (
        <p className="text-xs text-slate-500">{SERVER_MESSAGES.managedByTeamAdmins}</p>
      )}
      <p role="status" className="sr-only">
        {`${entries.length} ${entries.length === 1 ? 'server' : 'servers'}`}
      </p>
      {entries.length === 0 ? (
        <p className="px-1 text-sm text-slate-500">No server in the catalog matches “{query.trim()}”.</p>
      ) : (
        <ul className="space-y-2" aria-label="Catalog">
          {entries.map((entry) => (
            <li key={entry.name}>
              <EntryCard
                entry={entry}
                canManage={canManage}
                adding={adding === entry.name}
                failure={failures[entry.name]}
                createsInId={createsInId}
                onAdd={() => void add(entry)}
              />
            </li>
          ))}
        </ul>
      )}
      {form ? (
        <CatalogAddDialog
          entry={form}
          servers={servers}
          onClose={() => setForm(null)}
          onAdded={(server) => {
            setForm(null);
            onAdded(server);
          }}
        />
      ) : null}
    </div>
  );
}
