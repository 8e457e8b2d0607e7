import { createStreamPassReader } from '../adapters/dynamodb/stream-pass.js';
import { createUserAccessReader } from '../adapters/dynamodb/user-access-reader.js';
import {
  type AccessGate,
  createAccessGate,
  createStreamGate,
  type StreamGate,
} from '../domain/users/access-gate.js';
import { ACCESS_MODES, type AccessMode } from '../domain/users/user.js';
import { db, env } from './root.js';

/**
 * The stage's access mode (`ACCESS_MODE`, default open), read per request like MAX_STREAM_SECONDS,
 * so the local stack's tests can switch it without a restart; an unknown value is the safe one.
 */
export function accessMode(): AccessMode {
  const value = process.env.ACCESS_MODE ?? 'open';
  return (ACCESS_MODES as readonly string[]).includes(value) ? (value as AccessMode) : 'waitlist';
}

let gate: AccessGate | undefined;
export function accessGate(): AccessGate {
  gate ??= createAccessGate({ reader: createUserAccessReader(db, env.tables.users), mode: accessMode });
  return gate;
}

let streamGateInstance: StreamGate | undefined;
/** The streams' gate: their pass in the billing table (the only user-keyed table their role may get). */
export function streamGate(): StreamGate {
  streamGateInstance ??= createStreamGate({
    passes: createStreamPassReader(db, env.tables.billing),
    mode: accessMode,
  });
  return streamGateInstance;
}
