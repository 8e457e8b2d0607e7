import { createAreaRouter } from '../../http/area-router.js';
import { handler as createPrompt } from './create-prompt.js';
import { handler as deletePrompt } from './delete-prompt.js';
import { handler as exportPrompts } from './export-prompts.js';
import { handler as importPrompts } from './import-prompts.js';
import { handler as listPrompts } from './list-prompts.js';
import { handler as updatePrompt } from './update-prompt.js';

export const handler = createAreaRouter('prompts', {
  listPrompts,
  createPrompt,
  updatePrompt,
  deletePrompt,
  exportPrompts,
  importPrompts,
});
