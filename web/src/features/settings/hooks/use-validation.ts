import type { ValidateApiKeyBody, ValidateApiKeyResponse } from '@agentforge/shared';
import { useCallback, useState } from 'react';
import { validateApiKey } from '../api/api-keys';

export type ValidationState =
  | { status: 'idle' }
  | { status: 'checking' }
  | ({ status: 'done' } & ValidateApiKeyResponse);

/** Checks credentials with the provider (POST /api-keys/validate); a failed call reads as invalid. */
export function useValidation() {
  const [state, setState] = useState<ValidationState>({ status: 'idle' });

  const validate = useCallback(async (request: { keyId: string } | ValidateApiKeyBody) => {
    setState({ status: 'checking' });
    try {
      setState({ status: 'done', ...(await validateApiKey(request)) });
    } catch (error) {
      setState({
        status: 'done',
        valid: false,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, validate, reset };
}
