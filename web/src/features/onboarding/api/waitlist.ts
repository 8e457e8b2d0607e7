import { type WaitlistInfo, waitlistStatusSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** PUT /users/me/waitlist-info: the waitlist form; answers whether the user is in now (an invite code). */
export function saveWaitlistInfo(info: WaitlistInfo) {
  return apiClient.put('/users/me/waitlist-info', info, { schema: waitlistStatusSchema });
}
