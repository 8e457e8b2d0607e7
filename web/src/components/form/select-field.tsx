import { type ComponentProps, useId } from 'react';
import { cn } from '../ui/cn';
import { Select } from '../ui/select';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'children' | 'size'> & {
  label: string;
  options: readonly { value: string; label: string }[];
  id?: string;
};

/** A labelled native select beside TextField's look (works with react-hook-form's `register`). */
export function SelectField({ label, options, id, className, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <Select id={selectId} className="w-full px-3 py-2.5" {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
