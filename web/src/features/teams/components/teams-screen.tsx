import { errorMessage } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormBanner } from '../../../components/form/form-banner';
import { Card } from '../../../components/ui/card';
import { teamsQuery } from '../api/queries';
import { ROLE_LABELS } from '../utils/membership';
import { CreateTeamForm, JoinTeamForm } from './team-forms';
import { TeamPanel } from './team-panel';

/** /teams: my teams (create, join with a code), and the chosen team's members and invitations. */
export function TeamsScreen() {
  const teams = useQuery(teamsQuery());
  const [chosen, setChosen] = useState<string | undefined>();
  const list = teams.data?.teams ?? [];
  const current = list.find((team) => team.teamId === chosen) ?? list[0];

  return (
    <main className="min-h-screen bg-slate-50 p-6">
      <div className="mx-auto max-w-4xl space-y-6">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">Teams</h1>
          <Link to="/home" className="text-sm font-medium text-slate-700 underline underline-offset-4">
            Back to chat
          </Link>
        </header>
        {teams.error ? <FormBanner message={errorMessage(teams.error)} /> : null}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
          <aside className="space-y-6">
            <Card asChild>
              <section aria-labelledby="my-teams">
                <h2 id="my-teams" className="text-sm font-semibold text-slate-900">
                  My teams
                </h2>
                {teams.isPending ? <p className="mt-3 text-sm text-slate-500">Loading teams…</p> : null}
                {teams.data && list.length === 0 ? (
                  <p className="mt-3 text-sm text-slate-500">You are not in a team yet.</p>
                ) : null}
                <ul className="mt-3 space-y-1">
                  {list.map((team) => (
                    <li key={team.teamId}>
                      <button
                        type="button"
                        aria-current={team.teamId === current?.teamId ? 'true' : undefined}
                        onClick={() => setChosen(team.teamId)}
                        className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 aria-[current=true]:bg-indigo-50 aria-[current=true]:font-semibold"
                      >
                        {team.name} <span className="text-slate-600">({ROLE_LABELS[team.role]})</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            </Card>
            <CreateTeamForm onCreated={setChosen} />
            <JoinTeamForm onJoined={setChosen} />
          </aside>
          {current ? <TeamPanel key={current.teamId} summary={current} /> : null}
        </div>
      </div>
    </main>
  );
}
