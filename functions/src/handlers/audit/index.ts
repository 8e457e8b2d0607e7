import { createAreaRouter } from '../../http/area-router.js';
import { handler as exportAudit } from './export-audit.js';
import { handler as listAudit } from './list-audit.js';
import { handler as verifyAudit } from './verify-audit.js';

export const handler = createAreaRouter('audit', { listAudit, exportAudit, verifyAudit });
