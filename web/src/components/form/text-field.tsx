import { type ComponentProps, type ReactNode, useId } from 'react';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** The field's validation message, shown under it in red. */
  error?: string | undefined;
  id?: string;
  /** Right-aligned content on the label's line (for example a 'Forgot Password?' link). */
  labelAside?: ReactNode;
};

/** A labelled input with its error text underneath (works with react-hook-form's `register`). */
export function TextField({ label, error, id, labelAside, className = '', ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const ring = error
    ? 'ring-red-300 focus:ring-red-500'
    : 'ring-slate-300 focus:ring-indigo-600 hover:ring-slate-400';
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset transition outline-none placeholder:text-slate-400 focus:ring-2 focus:ring-inset disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ${ring} ${className}`}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
