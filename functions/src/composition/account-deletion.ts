/**
 * What deleting an account or a team takes: every table's items, the MCP runner, attachments and
 * knowledge, Cognito, Stripe. Loaded when a deletion runs (account.ts imports it on first use), so
 * the account function's cold start, and its reads of a deletion's state, do without it.
 */
import { readFileSync } from 'node:fs';
import { createCognitoUserAdmin } from '../adapters/cognito/user-admin.js';
import { createAccountTombstones } from '../adapters/dynamodb/account-tombstones.js';
import { createBillingRepository } from '../adapters/dynamodb/billing-repository.js';
import { MEMORY_KEY_PREFIX } from '../adapters/dynamodb/memory-store.js';
import { MY_TEAMS_KEY_PREFIX } from '../adapters/dynamodb/my-teams.js';
import { TABLE_DEFINITIONS, type TableId } from '../adapters/dynamodb/table-definitions.js';
import { createUserItemsEraser } from '../adapters/dynamodb/user-items-eraser.js';
import { createTeamDeletion, type TeamDeletion } from '../domain/teams/team-deletion.js';
import {
  type AccountDeletion,
  createAccountDeletion,
  type UserItemsEraser,
} from '../domain/users/account-deletion.js';
import { automationService } from './automations.js';
import { conversationService } from './conversations.js';
import { githubLinkService } from './github.js';
import { knowledgeEraser } from './knowledge.js';
import { mcpServerService } from './mcp.js';
import { db, env, required } from './root.js';
import { teamSsoRemoval } from './team-sso.js';
import { revokeTeamServerTokens, teamService } from './teams.js';

const definition = (id: TableId) => {
  const found = TABLE_DEFINITIONS.find((table) => table.id === id);
  if (!found) throw new Error(`No table definition ${id}`);
  return found;
};

function identityAdmin() {
  if (env.RUNTIME === 'local') {
    return createCognitoUserAdmin({
      userPoolId: required('USER_POOL_ID'),
      region: env.AWS_REGION,
      endpoint: required('LOCAL_COGNITO_ENDPOINT'),
      credentials: JSON.parse(readFileSync(required('LOCAL_COGNITO_ADMIN_CREDENTIALS_FILE'), 'utf8')) as {
        accessKeyId: string;
        secretAccessKey: string;
      },
    });
  }
  return createCognitoUserAdmin({ userPoolId: required('USER_POOL_ID'), region: env.AWS_REGION });
}

/** An item of the billing table keyed by a prefix and the user's (or team's) id. */
function prefixedBillingEraser(prefix: string): UserItemsEraser {
  const billing = createUserItemsEraser(db, env.tables.billing, definition('billing'));
  return { table: billing.table, eraseAll: (userId) => billing.eraseAll(`${prefix}${userId}`) };
}

/** An owner's automations with their runs; their schedules first (each would go on firing). */
function automationsEraser(): UserItemsEraser {
  const items = createUserItemsEraser(db, env.tables.automations, definition('automations'));
  return {
    table: items.table,
    eraseAll: async (ownerId) => {
      await automationService().removeSchedulesOf(ownerId);
      await items.eraseAll(ownerId);
    },
  };
}

let teams: TeamDeletion | undefined;
/**
 * DELETE /teams/{teamId} (the owner), and a team owned alone when its owner's account goes: this
 * function holds what it takes (the servers' runner, every table's items, Stripe's keys).
 */
export function teamDeletion(): TeamDeletion {
  teams ??= createTeamDeletion({
    teams: teamService(),
    servers: mcpServerService(),
    revokeExternalTokens: (caller, teamId) => revokeTeamServerTokens(caller, teamId, 'team_deleted'),
    sso: teamSsoRemoval(),
    erasers: [
      // The team's servers went by their delete path (stopped); whatever raced a create.
      createUserItemsEraser(db, env.tables.mcpServers, definition('mcpServers')),
      createUserItemsEraser(db, env.tables.apiKeys, definition('apiKeys')),
      createUserItemsEraser(db, env.tables.prompts, definition('prompts')),
      automationsEraser(),
      // The team's knowledge collections: their files, keyword indexes, vectors and items.
      knowledgeEraser(),
      createUserItemsEraser(db, env.tables.usage, definition('usage')),
      createUserItemsEraser(db, env.tables.billing, definition('billing')),
      // Whether the team allowed memory (`memory#team#<teamId>`).
      prefixedBillingEraser(MEMORY_KEY_PREFIX),
    ],
  });
  return teams;
}

let deletion: AccountDeletion | undefined;
/** The steps of DELETE /users/me: every table (messages and plans through their conversations), the runner, Cognito. */
export function accountDeletion(): AccountDeletion {
  deletion ??= createAccountDeletion({
    servers: mcpServerService(),
    conversations: conversationService(),
    github: githubLinkService(),
    erasers: [
      // Whatever the two delete paths above left (none, unless one raced a create).
      createUserItemsEraser(db, env.tables.mcpServers, definition('mcpServers')),
      createUserItemsEraser(db, env.tables.conversations, definition('conversations')),
      createUserItemsEraser(db, env.tables.apiKeys, definition('apiKeys')),
      createUserItemsEraser(db, env.tables.workspaceFiles, definition('workspaceFiles')),
      createUserItemsEraser(db, env.tables.prompts, definition('prompts')),
      // Automations with their runs (the owner's partition).
      automationsEraser(),
      // Knowledge collections: their files, keyword indexes, vectors and items.
      knowledgeEraser(),
      // Remote MCP servers' OAuth tokens (not revoked: an authorization server may take a while).
      createUserItemsEraser(db, env.tables.oauthConnections, definition('oauthConnections')),
      createUserItemsEraser(db, env.tables.usage, definition('usage')),
      createUserItemsEraser(db, env.tables.billing, definition('billing')),
      // The person's "my teams" item (empty once they left), and their memory's facts.
      prefixedBillingEraser(MY_TEAMS_KEY_PREFIX),
      prefixedBillingEraser(MEMORY_KEY_PREFIX),
      createUserItemsEraser(db, env.tables.users, definition('users')),
    ],
    teams: {
      departAccount: (caller) => teamService().departAccount(caller),
      deleteTeam: (caller, teamId) => teamDeletion().deleteTeam(caller, teamId),
    },
    identity: identityAdmin(),
    tombstones: createAccountTombstones(
      db,
      { users: env.tables.users, billing: env.tables.billing },
      Date.now,
    ),
    billing: createBillingRepository(db, env.tables.billing),
  });
  return deletion;
}
