import { createAreaRouter } from '../../http/area-router.js';
import { handler as getUser } from './get-user.js';

export const handler = createAreaRouter('users', { 'get-user': getUser });
