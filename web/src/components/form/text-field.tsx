import { type ComponentProps, type ReactNode, useId } from 'react';
import { Input } from '../ui/input';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'size'> & {
  label: string;
  /** The field's validation message, shown under it in red. */
  error?: string | undefined;
  id?: string;
  /** Right-aligned content on the label's line (for example a 'Forgot Password?' link). */
  labelAside?: ReactNode;
};

/** A labelled input with its error text underneath (takes react-hook-form's `register` or a controlled value). */
export function TextField({ label, error, id, labelAside, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {labelAside}
      </div>
      <Input
        id={inputId}
        size="lg"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={className}
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
