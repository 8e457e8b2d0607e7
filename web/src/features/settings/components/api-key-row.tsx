import type { ApiKeyView } from '@agentforge/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { providerStyle } from '../../../components/provider-style';
import { Button } from '../../../components/ui/button';
import { useValidation } from '../hooks/use-validation';
import { KEY_PROVIDER_NAMES } from '../utils/provider-labels';
import { ValidationResult } from './validation-result';

type ApiKeyRowProps = {
  apiKey: ApiKeyView;
  deleting: boolean;
  onDelete: (id: string) => void;
  /** Why its provider's models cannot be listed (the chat cannot use it until that is fixed). */
  listingError?: string | undefined;
  onRetry?: (() => void) | undefined;
};

/** A stored key: provider, label, '•••• last4' (or the custom base URL), validate and delete (confirmed). */
export function ApiKeyRow({ apiKey, deleting, onDelete, listingError, onRetry }: ApiKeyRowProps) {
  const { state, validate } = useValidation();
  const style = providerStyle(apiKey.provider);

  return (
    <li className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{apiKey.label}</p>
          <div className="mt-1 flex min-w-0 items-center gap-2">
            <span
              className={`shrink-0 rounded-md px-1.5 py-0.5 text-[11px] font-semibold ring-1 ${style.badge}`}
            >
              {KEY_PROVIDER_NAMES[apiKey.provider]}
            </span>
            <span className="truncate font-mono text-xs text-slate-500" title={apiKey.baseUrl}>
              {[apiKey.last4 ? `•••• ${apiKey.last4}` : null, apiKey.baseUrl].filter(Boolean).join(' · ')}
            </span>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button
            size="xs"
            onClick={() => validate({ keyId: apiKey.id })}
            disabled={state.status === 'checking'}
            aria-label={`Validate ${apiKey.label}`}
          >
            Validate
          </Button>
          <ConfirmDialog
            title="Delete API key"
            description={`Delete “${apiKey.label}”? Chats using it can no longer reach ${KEY_PROVIDER_NAMES[apiKey.provider]}.`}
            confirmLabel="Delete"
            onConfirm={() => onDelete(apiKey.id)}
            trigger={
              <Button
                variant="ghost"
                size="xs"
                className="text-red-600 hover:bg-red-50"
                disabled={deleting}
                aria-label={`Delete ${apiKey.label}`}
              >
                Delete
              </Button>
            }
          />
        </div>
      </div>
      <div className="mt-1">
        <ValidationResult state={state} />
      </div>
      {listingError ? (
        <div
          role="alert"
          className="mt-2 flex items-start gap-2 rounded-lg bg-red-50 px-2.5 py-1.5 text-xs text-red-800"
        >
          <p className="min-w-0 flex-1 break-words">
            <span className="font-semibold">Not available in the chat: </span>
            {listingError}
          </p>
          {onRetry ? (
            <button
              type="button"
              onClick={onRetry}
              className="shrink-0 font-semibold underline underline-offset-2"
            >
              Retry
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
