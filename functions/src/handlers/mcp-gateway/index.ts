import { createAreaRouter } from '../../http/area-router.js';
import { handler as forwardExternal } from './forward-external.js';
import { handler as forwardOwner } from './forward-owner.js';
import { handler as methodNotAllowed } from './method-not-allowed.js';

export const handler = createAreaRouter('mcp-gateway', { forwardOwner, forwardExternal, methodNotAllowed });
