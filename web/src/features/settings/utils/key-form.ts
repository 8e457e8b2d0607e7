import {
  type ApiKeyProvider,
  type CreateApiKeyBody,
  createApiKeyBodySchema,
  type ValidateApiKeyBody,
  validateApiKeyBodySchema,
} from '@agentforge/shared';
import type * as z from 'zod';

/** The add-key form as typed: empty fields are left out of the request. */
export type KeyFormValues = {
  provider: ApiKeyProvider;
  apiKey: string;
  baseUrl: string;
  label: string;
};

export type KeyFormField = Exclude<keyof KeyFormValues, 'provider'>;

export const EMPTY_KEY_FORM: KeyFormValues = { provider: 'anthropic', apiKey: '', baseUrl: '', label: '' };

type Parsed<T> = { ok: true; body: T } | { ok: false; errors: Partial<Record<KeyFormField, string>> };

function fieldsOf(values: KeyFormValues) {
  const filled = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    provider: values.provider,
    apiKey: filled(values.apiKey),
    baseUrl: values.provider === 'custom' ? filled(values.baseUrl) : undefined,
    label: filled(values.label),
  };
}

function parsed<T>(result: z.core.util.SafeParseResult<T>): Parsed<T> {
  if (result.success) return { ok: true, body: result.data };
  const errors: Partial<Record<KeyFormField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as KeyFormField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The POST /api-keys body of the form, or the message of each field that is wrong. */
export function toCreateBody(values: KeyFormValues): Parsed<CreateApiKeyBody> {
  return parsed(createApiKeyBodySchema.safeParse(fieldsOf(values)));
}

/** The POST /api-keys/validate body of the form (without the label). */
export function toValidateBody(values: KeyFormValues): Parsed<ValidateApiKeyBody> {
  const { label: _label, ...credentials } = fieldsOf(values);
  return parsed(validateApiKeyBodySchema.safeParse(credentials));
}
