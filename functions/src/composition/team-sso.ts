import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PoolClientOptions } from '../adapters/cognito/pool-client.js';
import { createPoolClientProviders } from '../adapters/cognito/pool-client-providers.js';
import { createPoolIdentityProviders } from '../adapters/cognito/pool-identity-providers.js';
import { createTeamSsoStore } from '../adapters/dynamodb/team-sso-store.js';
import { dnsTxt, localDnsTxt } from '../adapters/net/dns-txt.js';
import { createTeamSso, type TeamSsoService } from '../domain/teams/team-sso.js';
import { createTeamSsoRemoval, type TeamSsoRemoval } from '../domain/teams/team-sso-removal.js';
import { db, env, required } from './root.js';
import { secretCipher } from './secrets.js';
import { recordInTeamLog, teamService } from './teams.js';

/** The pool and its web client: locally the identity service with its admin credentials. */
function poolOptions(): PoolClientOptions {
  const pool = { userPoolId: required('USER_POOL_ID'), region: env.AWS_REGION };
  if (env.RUNTIME !== 'local') return { ...pool, client: { name: required('USER_POOL_CLIENT_NAME') } };
  return {
    ...pool,
    client: { id: required('USER_POOL_CLIENT_ID') },
    endpoint: required('LOCAL_COGNITO_ENDPOINT'),
    credentials: JSON.parse(readFileSync(required('LOCAL_COGNITO_ADMIN_CREDENTIALS_FILE'), 'utf8')) as {
      accessKeyId: string;
      secretAccessKey: string;
    },
  };
}

/** The user pool's identity providers (create, update, list on the web client, remove). */
function poolIdentityProviders() {
  return createPoolIdentityProviders(poolOptions());
}

let removal: TeamSsoRemoval | undefined;
/** A team's deletion: its single sign-on taken down (the pool's provider off the client and deleted). */
export function teamSsoRemoval(): TeamSsoRemoval {
  removal ??= createTeamSsoRemoval({
    store: createTeamSsoStore(db, env.tables.teams),
    // Made on first use, like the service's: a team without single sign-on never needs the pool.
    pool: { remove: (name) => createPoolClientProviders(poolOptions()).remove(name) },
  });
  return removal;
}

let service: TeamSsoService | undefined;
/** A team's single sign-on: its Admins' routes, the login page's lookup, the join after a first sign-in. */
export function teamSso(): TeamSsoService {
  service ??= createTeamSso({
    store: createTeamSsoStore(db, env.tables.teams),
    // Made on first use: the sign-in trigger that joins members has no pool settings (a cycle on AWS).
    pool: {
      put: (name, provider) => poolIdentityProviders().put(name, provider),
      remove: (name) => poolIdentityProviders().remove(name),
    },
    // Locally a table a test or a person edits (docs/sign-in.md): `<data dir>/dns-txt.json`.
    resolveTxt:
      env.RUNTIME === 'local' ? localDnsTxt(join(required('LOCAL_DATA_DIR'), 'dns-txt.json')) : dnsTxt,
    cipher: secretCipher(),
    teams: teamService(),
    record: recordInTeamLog,
    allowHttp: env.RUNTIME === 'local',
    newKey: () => randomBytes(24).toString('base64url'),
    now: Date.now,
  });
  return service;
}
