import { createAreaRouter } from '../../http/area-router.js';
import { handler as deleteAccount } from './delete-account.js';

export const handler = createAreaRouter('account', { deleteAccount });
