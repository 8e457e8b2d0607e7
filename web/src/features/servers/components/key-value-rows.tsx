import { PlusIcon, Trash2Icon } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { fieldVariants } from '../../../components/ui/input';
import { isMaskedValue } from '../utils/server-form';

const CELL = fieldVariants({ className: 'min-w-0 rounded-md px-2.5 py-1.5 font-mono text-xs' });

/** A small text action in a row list's header ('Add header', 'Use my GitHub account'). */
export function RowListAction({
  onClick,
  icon,
  children,
}: {
  onClick: () => void;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button variant="ghost" size="xs" onClick={onClick} className="gap-1 text-indigo-700 hover:bg-indigo-50">
      {icon ?? <PlusIcon className="size-3.5" aria-hidden="true" />}
      {children}
    </Button>
  );
}

/**
 * The server form's name/value lists (a remote server's headers, a package's environment): a
 * legend with its actions, the rows or an empty note, the list's own error and a closing note.
 */
export function KeyValueRowList({
  legend,
  actions,
  empty,
  error,
  note,
  children,
}: {
  legend: string;
  /** Shown unless the form is read-only. */
  actions: ReactNode;
  /** The note for a list without rows; absent when `children` is. */
  empty: string | undefined;
  error: string | undefined;
  note: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-2">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-medium text-slate-700">{legend}</legend>
        {actions ? <div className="flex items-center gap-1">{actions}</div> : null}
      </div>
      {empty ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-center text-xs text-slate-500">
          {empty}
        </p>
      ) : (
        <ul className="space-y-2">{children}</ul>
      )}
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
      {note}
    </fieldset>
  );
}

/**
 * One name/value row: `label` names it for assistive tech ('Header 1'), the stored value comes back
 * masked (focusing it selects it, so typing replaces it), and a name error is tied to its input.
 */
export function KeyValueRow({
  label,
  keyField,
  valueField,
  keyPlaceholder,
  valueProps,
  nameError,
  onRemove,
  children,
}: {
  label: string;
  keyField: UseFormRegisterReturn;
  valueField: UseFormRegisterReturn;
  keyPlaceholder: string;
  valueProps?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'placeholder' | 'readOnly' | 'className'>;
  nameError: string | undefined;
  /** Absent when the form is read-only. */
  onRemove: (() => void) | undefined;
  children?: ReactNode;
}) {
  const errorId = useId();
  return (
    <li className="space-y-1">
      <div className="flex items-center gap-2">
        <input
          aria-label={`${label} name`}
          placeholder={keyPlaceholder}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? errorId : undefined}
          className={cn(CELL, 'w-2/5 shrink-0')}
          {...keyField}
        />
        <input
          aria-label={`${label} value`}
          placeholder="value"
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => isMaskedValue(event.target.value) && event.target.select()}
          {...valueProps}
          className={cn(CELL, 'flex-1', valueProps?.className)}
          {...valueField}
        />
        {onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={onRemove}
            aria-label={`Remove ${label.toLowerCase()}`}
            className="shrink-0 text-slate-500 hover:text-red-600"
          >
            <Trash2Icon className="size-3.5" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {nameError ? (
        <p id={errorId} className="text-xs text-red-600">
          {nameError}
        </p>
      ) : null}
      {children}
    </li>
  );
}

/** The sentence every list with stored secrets ends with. */
export const MASKED_VALUES_NOTE =
  'Stored values stay hidden: leave one as it is to keep it, or type a new value. ';
