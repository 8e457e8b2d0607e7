import type { ValidationState } from '../hooks/use-validation';

/** 'Checking…', 'Valid', or why the provider refused the credentials. */
export function ValidationResult({ state }: { state: ValidationState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'checking') {
    return (
      <p role="status" className="text-xs text-slate-500">
        Checking…
      </p>
    );
  }
  return state.valid ? (
    <p role="status" className="text-xs font-medium text-emerald-700">
      ✓ Valid
    </p>
  ) : (
    <p role="alert" className="text-xs font-medium text-red-600">
      {state.message ?? 'Invalid'}
    </p>
  );
}
