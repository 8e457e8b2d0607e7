import { createAreaRouter } from '../../http/area-router.js';
import { handler as createApiKey } from './create-api-key.js';
import { handler as deleteApiKey } from './delete-api-key.js';
import { handler as listApiKeys } from './list-api-keys.js';
import { handler as listProviders } from './list-providers.js';
import { handler as synthesizeSpeech } from './synthesize-speech.js';
import { handler as transcribeSpeech } from './transcribe-speech.js';
import { handler as validateApiKey } from './validate-api-key.js';

export const handler = createAreaRouter('api-keys', {
  createApiKey,
  listApiKeys,
  deleteApiKey,
  validateApiKey,
  listProviders,
  transcribeSpeech,
  synthesizeSpeech,
});
