import { API_KEY_PROVIDERS } from '@agentforge/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormBanner } from '../../../components/form/form-banner';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useApiKeyMutations } from '../api/queries';
import { useValidation } from '../hooks/use-validation';
import {
  EMPTY_KEY_FORM,
  type KeyFormField,
  type KeyFormValues,
  toCreateBody,
  toValidateBody,
} from '../utils/key-form';
import { KEY_PROVIDER_LABELS } from '../utils/provider-labels';
import { ValidationResult } from './validation-result';

/** Adds a provider key, or a custom OpenAI-compatible endpoint (base URL, optional key). */
export function AddApiKeyForm({ onKeysChanged }: { onKeysChanged: () => void }) {
  const { create } = useApiKeyMutations(onKeysChanged);
  const { state: validation, validate, reset: resetValidation } = useValidation();
  const { register, handleSubmit, watch, getValues, setError, clearErrors, reset, formState } =
    useForm<KeyFormValues>({ defaultValues: EMPTY_KEY_FORM });
  const provider = watch('provider');
  const custom = provider === 'custom';

  useEffect(() => {
    // Typing makes an earlier result stale; the reset after a save does not (it shows that key's).
    const subscription = watch((_, { name }) => {
      if (name) resetValidation();
    });
    return () => subscription.unsubscribe();
  }, [watch, resetValidation]);

  const showErrors = (errors: Partial<Record<KeyFormField, string>>) => {
    for (const [field, message] of Object.entries(errors)) setError(field as KeyFormField, { message });
  };

  const onValidate = () => {
    clearErrors();
    const body = toValidateBody(getValues());
    if (body.ok) void validate(body.body);
    else showErrors(body.errors);
  };

  const onSubmit = handleSubmit(async (values) => {
    create.reset();
    const body = toCreateBody(values);
    if (!body.ok) return showErrors(body.errors);
    // A failure shows in the banner (create.error) and keeps what was typed. A saved key is checked
    // with its provider at once: an endpoint that answers nothing is not saved silently.
    await create.mutateAsync(body.body).then(
      (saved) => {
        reset({ ...EMPTY_KEY_FORM, provider: values.provider });
        validate({ keyId: saved.id });
      },
      () => undefined,
    );
  });

  const { errors, isSubmitting } = formState;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {create.error ? <FormBanner message={create.error.message} /> : null}
      <SelectField
        label="Provider"
        {...register('provider')}
        options={API_KEY_PROVIDERS.map((id) => ({ value: id, label: KEY_PROVIDER_LABELS[id] }))}
      />
      {custom ? (
        <TextField
          label="Base URL"
          type="url"
          placeholder="http://localhost:11434/v1"
          autoComplete="off"
          error={errors.baseUrl?.message}
          {...register('baseUrl')}
        />
      ) : null}
      <TextField
        label={custom ? 'API key (optional)' : 'API key'}
        type="password"
        autoComplete="off"
        error={errors.apiKey?.message}
        {...register('apiKey')}
      />
      <TextField
        label="Label (optional)"
        autoComplete="off"
        placeholder={custom ? 'e.g. Local Ollama' : KEY_PROVIDER_LABELS[provider]}
        error={errors.label?.message}
        {...register('label')}
      />
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={isSubmitting}
          className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white transition hover:bg-slate-700 disabled:opacity-50"
        >
          {isSubmitting ? 'Saving…' : 'Save key'}
        </button>
        <button
          type="button"
          onClick={onValidate}
          disabled={validation.status === 'checking'}
          className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 transition hover:bg-slate-50 disabled:opacity-50"
        >
          Validate
        </button>
        <ValidationResult state={validation} />
      </div>
    </form>
  );
}
