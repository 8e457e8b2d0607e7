import { createAreaRouter } from '../../http/area-router.js';
import { handler as deleteAccount } from './delete-account.js';
import { handler as deleteTeam } from './delete-team.js';

export const handler = createAreaRouter('account', { deleteAccount, deleteTeam });
