import { createMyTeamsReader } from '../adapters/dynamodb/my-teams-reader.js';
import { createTeamRoleReader } from '../adapters/dynamodb/team-roles.js';
import { createTeamScope, type TeamMemberships, type TeamScope } from '../domain/teams/team-scope.js';
import { db, env } from './root.js';

let myTeams: Pick<TeamMemberships, 'teamIdsOf'> | undefined;
/** "My teams" (read-only, the billing table): the plan lookup and team keys in the chat read it. */
export function myTeamsReader(): Pick<TeamMemberships, 'teamIdsOf'> {
  myTeams ??= createMyTeamsReader(db, env.tables.billing);
  return myTeams;
}

let roles: Pick<TeamMemberships, 'roleIn'> | undefined;
/** A member's role, read consistently from the teams table (GetItem only). */
export function teamRoles(): Pick<TeamMemberships, 'roleIn'> {
  roles ??= createTeamRoleReader(db, env.tables.teams);
  return roles;
}

let scope: TeamScope | undefined;
/** Team resources as the team (`team#<teamId>`), after the role rules allowed the caller. */
export function teamScope(): TeamScope {
  scope ??= createTeamScope({
    teamIdsOf: (userId) => myTeamsReader().teamIdsOf(userId),
    roleIn: (teamId, userId) => teamRoles().roleIn(teamId, userId),
  });
  return scope;
}
