import { createDocumentClient } from './adapters/dynamodb/document-client.js';
import { createUserRepository } from './adapters/dynamodb/user-repository.js';
import { createUserService } from './domain/users/user-service.js';
import { parseEnv } from './env.js';

/**
 * The composition root: the only place that picks adapters (aws | local) and wires them into
 * services. Runs once per container (cold start); clients are created here and reused.
 */
export const env = parseEnv(process.env);

const db = createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT });

export const services = {
  users: createUserService({
    users: createUserRepository(db, env.tables.users),
    whitelistedEmails: env.WHITELISTED_EMAILS,
    now: Date.now,
  }),
};
