import type { ValidateApiKeyResponse } from '@agentforge/shared';
import { useValidateApiKey } from '../api/queries';

export type ValidationState =
  | { status: 'idle' }
  | { status: 'checking' }
  | ({ status: 'done' } & ValidateApiKeyResponse);

/** Checks credentials with the provider (POST /api-keys/validate); a failed call reads as invalid. */
export function useValidation() {
  const { mutate, reset, data, error, isPending } = useValidateApiKey();
  let state: ValidationState = { status: 'idle' };
  if (isPending) state = { status: 'checking' };
  else if (data) state = { status: 'done', ...data };
  else if (error) state = { status: 'done', valid: false, message: error.message };
  return { state, validate: mutate, reset };
}
