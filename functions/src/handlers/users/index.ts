import { createAreaRouter } from '../../http/area-router.js';
import { handler as createMemoryFact } from './create-memory-fact.js';
import { handler as deleteMemoryFact } from './delete-memory-fact.js';
import { handler as getMe } from './get-me.js';
import { handler as getMemory } from './get-memory.js';
import { handler as getPreferences } from './get-preferences.js';
import { handler as getProfile } from './get-profile.js';
import { handler as getUser } from './get-user.js';
import { handler as postOnboarding } from './post-onboarding.js';
import { handler as putMemory } from './put-memory.js';
import { handler as putPreferences } from './put-preferences.js';
import { handler as putProfile } from './put-profile.js';
import { handler as putWaitlistInfo } from './put-waitlist-info.js';
import { handler as updateMemoryFact } from './update-memory-fact.js';

export const handler = createAreaRouter('users', {
  getUser,
  postOnboarding,
  getMe,
  getProfile,
  getPreferences,
  putPreferences,
  putProfile,
  putWaitlistInfo,
  getMemory,
  putMemory,
  createMemoryFact,
  updateMemoryFact,
  deleteMemoryFact,
});
