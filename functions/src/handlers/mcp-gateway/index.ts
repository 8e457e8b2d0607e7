import { createAreaRouter } from '../../http/area-router.js';
import { handler as callCancel } from './call-cancel.js';
import { handler as callRead } from './call-read.js';
import { handler as callStart } from './call-start.js';
import { handler as forwardExternal } from './forward-external.js';
import { handler as forwardOwner } from './forward-owner.js';
import { handler as methodNotAllowed } from './method-not-allowed.js';

export const handler = createAreaRouter('mcp-gateway', {
  forwardOwner,
  forwardExternal,
  methodNotAllowed,
  callStart,
  callRead,
  callCancel,
});
