import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, type AuditFilters } from '@agentforge/shared';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldVariants } from '../../../components/ui/input';

export interface FilterForm {
  action: AuditAction | '';
  actor: string;
  from: string;
  to: string;
}
export const EMPTY_FORM: FilterForm = { action: '', actor: '', from: '', to: '' };

export function filtersOf(form: FilterForm): AuditFilters {
  return {
    ...(form.action ? { action: form.action } : {}),
    ...(form.actor.trim() ? { actor: form.actor.trim() } : {}),
    ...(form.from ? { from: form.from } : {}),
    ...(form.to ? { to: form.to } : {}),
  };
}

/** The activity log's filters: action, actor and dates, applied on submit. */
export function ActivityFilters({
  form,
  userId,
  onChange,
  onApply,
  onClear,
}: {
  form: FilterForm;
  userId: string | undefined;
  onChange: (form: FilterForm) => void;
  onApply: () => void;
  onClear: () => void;
}) {
  const ids = { action: useId(), actor: useId(), from: useId(), to: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Filter the activity log"
      className="grid gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-5"
    >
      <div className="space-y-1">
        <label htmlFor={ids.action} className="block text-sm font-medium text-slate-700">
          Action
        </label>
        <select
          id={ids.action}
          value={form.action}
          onChange={(event) => onChange({ ...form, action: event.target.value as AuditAction | '' })}
          className={fieldVariants()}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.actor} className="block text-sm font-medium text-slate-700">
          Actor
        </label>
        <select
          id={ids.actor}
          value={form.actor}
          onChange={(event) => onChange({ ...form, actor: event.target.value })}
          className={fieldVariants()}
        >
          <option value="">Anyone</option>
          {userId ? <option value={userId}>You</option> : null}
          <option value="system:stripe">Stripe (billing)</option>
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.from} className="block text-sm font-medium text-slate-700">
          From
        </label>
        <input
          id={ids.from}
          type="date"
          value={form.from}
          onChange={(event) => onChange({ ...form, from: event.target.value })}
          className={fieldVariants()}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.to} className="block text-sm font-medium text-slate-700">
          To
        </label>
        <input
          id={ids.to}
          type="date"
          value={form.to}
          min={form.from || undefined}
          onChange={(event) => onChange({ ...form, to: event.target.value })}
          className={fieldVariants()}
        />
      </div>
      <div className="flex items-end gap-2">
        <button
          type="submit"
          className="inline-flex items-center rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white transition hover:bg-slate-700"
        >
          Apply filters
        </button>
        <Button size="sm" onClick={onClear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
