import * as z from 'zod';
import { conversationParams } from '../conversations/params.js';

export const planParams = conversationParams.extend({ planId: z.string().min(1).max(64) });
export const stepParams = planParams.extend({ stepId: z.string().min(1).max(64) });
