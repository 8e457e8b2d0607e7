import { createSsoRequirement } from '../adapters/dynamodb/sso-requirement.js';
import { db, env } from './root.js';

let requirement: ReturnType<typeof createSsoRequirement> | undefined;
/** The pre-authentication trigger's read of a domain's single sign-on requirement (the teams table). */
export function ssoRequirement() {
  requirement ??= createSsoRequirement(db, env.tables.teams);
  return requirement;
}
