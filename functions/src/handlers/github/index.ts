import { createAreaRouter } from '../../http/area-router.js';
import { handler as createAuthorizeUrl } from './create-authorize-url.js';
import { handler as deleteLink } from './delete-link.js';
import { handler as exchangeCode } from './exchange-code.js';
import { handler as getLink } from './get-link.js';

export const handler = createAreaRouter('github', {
  createAuthorizeUrl,
  exchangeCode,
  getLink,
  deleteLink,
});
