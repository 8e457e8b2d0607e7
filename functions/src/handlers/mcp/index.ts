import { createAreaRouter } from '../../http/area-router.js';
import { handler as completeOauth } from './complete-oauth.js';
import { handler as createServer } from './create-server.js';
import { handler as deleteServer } from './delete-server.js';
import { handler as disableServer } from './disable-server.js';
import { handler as disconnectOauth } from './disconnect-oauth.js';
import { handler as enableServer } from './enable-server.js';
import { handler as getCatalog } from './get-catalog.js';
import { handler as getServer } from './get-server.js';
import { handler as getUsage } from './get-usage.js';
import { handler as issueExternalToken } from './issue-external-token.js';
import { handler as listRemoteTools } from './list-remote-tools.js';
import { handler as listServers } from './list-servers.js';
import { handler as patchToolPolicy } from './patch-tool-policy.js';
import { handler as removeMemberValues } from './remove-member-values.js';
import { handler as revokeExternalToken } from './revoke-external-token.js';
import { handler as saveMemberValues } from './save-member-values.js';
import { handler as startOauth } from './start-oauth.js';
import { handler as updateServer } from './update-server.js';

export const handler = createAreaRouter('mcp', {
  createServer,
  listServers,
  getServer,
  updateServer,
  deleteServer,
  enableServer,
  disableServer,
  issueExternalToken,
  saveMemberValues,
  removeMemberValues,

  revokeExternalToken,
  patchToolPolicy,
  listRemoteTools,
  startOauth,
  completeOauth,
  disconnectOauth,
  getUsage,
  getCatalog,
});
