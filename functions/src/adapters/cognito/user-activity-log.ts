import { gunzipSync } from 'node:zlib';
import type { CloudWatchLogsDecodedData, CloudWatchLogsEvent } from 'aws-lambda';
import * as z from 'zod';

/**
 * Cognito's user activity log (threat protection, the Plus feature plan): the user pool exports
 * one JSON line per authentication event (`LogDeliveryConfiguration`, event source
 * `userAuthEvents`) to a CloudWatch Logs group, whose subscription filter hands them to a function
 * gzipped and base64-encoded. Only the fields the audit log needs are read; the rest (risk
 * details, device, location) is ignored, and a line of another shape is skipped, not fatal.
 */
const userActivityLine = z.object({
  eventSource: z.literal('USER_AUTH_EVENTS'),
  eventTimestamp: z.number().optional(),
  message: z.object({
    eventId: z.string().optional(),
    eventType: z.string(),
    eventResponse: z.string(),
    userName: z.string().optional(),
    userSub: z.string().optional(),
    ipAddress: z.string().optional(),
    userAgent: z.string().optional(),
    challenges: z.string().optional(),
    riskLevel: z.string().optional(),
  }),
});

/** One authentication event, as the audit log reads it. */
export interface UserAuthEvent {
  eventId?: string;
  /** `SignIn`, `SignUp`, `ForgotPassword`, `PasswordChange`, `ResendCode`. */
  type: string;
  /** `Pass`, `Fail` or `InProgress`. */
  response: string;
  /** The user's `sub` (absent for a user name the pool does not know). */
  userSub?: string;
  ipAddress?: string;
  userAgent?: string;
  /** e.g. `Password:Failure`. */
  challenges?: string;
  riskLevel?: string;
}

/** The log lines of a subscription delivery. */
export function decodeLogDelivery(event: CloudWatchLogsEvent): CloudWatchLogsDecodedData {
  return JSON.parse(gunzipSync(Buffer.from(event.awslogs.data, 'base64')).toString('utf8'));
}

/** The user activity events among a delivery's lines, and how many lines were of another shape. */
export function userAuthEventsOf(delivery: CloudWatchLogsDecodedData): {
  events: UserAuthEvent[];
  skipped: number;
} {
  const events: UserAuthEvent[] = [];
  let skipped = 0;
  for (const logEvent of delivery.logEvents) {
    const parsed = userActivityLine.safeParse(parseJson(logEvent.message));
    if (!parsed.success) {
      skipped += 1;
      continue;
    }
    const { message } = parsed.data;
    events.push({
      type: message.eventType,
      response: message.eventResponse,
      ...(message.eventId ? { eventId: message.eventId } : {}),
      ...(message.userSub ? { userSub: message.userSub } : {}),
      ...(message.ipAddress ? { ipAddress: message.ipAddress } : {}),
      ...(message.userAgent ? { userAgent: message.userAgent } : {}),
      ...(message.challenges ? { challenges: message.challenges } : {}),
      ...(message.riskLevel ? { riskLevel: message.riskLevel } : {}),
    });
  }
  return { events, skipped };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
