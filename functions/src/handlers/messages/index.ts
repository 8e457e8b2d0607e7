import { createAreaRouter } from '../../http/area-router.js';
import { handler as createMessage } from './create-message.js';

export const handler = createAreaRouter('messages', { createMessage });
