import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { TEAM_MEMBERS, TEAM_SERVERS, type TeamRole } from '../landing-content';
import { SectionHeading } from './section-heading';

const ROLE_BADGE: Record<TeamRole, string> = {
  Admin: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  User: 'bg-slate-100 text-slate-700 ring-slate-200',
};

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);
}

function MemberRow({ member }: { member: (typeof TEAM_MEMBERS)[number] }) {
  const nameId = useId();
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-violet-100 text-xs font-bold text-violet-700"
      >
        {initials(member.name)}
      </span>
      <div className="min-w-0 flex-1">
        <p id={nameId} className="truncate text-sm font-medium text-slate-900">
          {member.name}
        </p>
        <p className="truncate text-xs text-slate-500">{member.email}</p>
      </div>
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${ROLE_BADGE[member.role]}`}>
        {member.role}
      </span>
      <Button size="xs" className="px-3 py-1.5" aria-describedby={nameId}>
        Manage
      </Button>
    </li>
  );
}

function ServerRow({ server }: { server: (typeof TEAM_SERVERS)[number] }) {
  const nameId = useId();
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        aria-hidden="true"
        className={`size-2.5 shrink-0 rounded-full ${server.running ? 'bg-emerald-500' : 'bg-slate-300'}`}
      />
      <div className="min-w-0 flex-1">
        <p id={nameId} className="truncate text-sm font-medium text-slate-900">
          {server.name}
        </p>
        <p className="truncate text-xs text-slate-500">{server.description}</p>
      </div>
      <span className="text-xs text-slate-500">{server.running ? 'Running' : 'Stopped'}</span>
      <Button size="xs" className="px-3 py-1.5" aria-describedby={nameId}>
        Configure
      </Button>
    </li>
  );
}

/** A mock of the team dashboard: members with roles Admin and User, and shared tool servers. */
export function TeamDashboard() {
  return (
    <section id="teams" aria-labelledby="landing-teams-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="landing-teams-title"
          eyebrow="Built for teams"
          title="Collaborate on agents with your whole team"
          lead="Invite members as Admins or Users and share the tool servers your agents rely on."
        />
        <div className="mx-auto mt-14 max-w-5xl overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-slate-200">
          <div
            aria-hidden="true"
            className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3"
          >
            <span className="size-3 rounded-full bg-red-400" />
            <span className="size-3 rounded-full bg-amber-400" />
            <span className="size-3 rounded-full bg-emerald-400" />
            <span className="ml-3 text-xs font-medium text-slate-500">Team dashboard</span>
          </div>
          <div className="grid divide-y divide-slate-200 md:grid-cols-2 md:divide-x md:divide-y-0">
            <div className="p-6">
              <h3 className="text-sm font-semibold text-slate-900">Team members</h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {TEAM_MEMBERS.map((member) => (
                  <MemberRow key={member.email} member={member} />
                ))}
              </ul>
            </div>
            <div className="p-6">
              <h3 className="text-sm font-semibold text-slate-900">MCP servers</h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {TEAM_SERVERS.map((server) => (
                  <ServerRow key={server.name} server={server} />
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
