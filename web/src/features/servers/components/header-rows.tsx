import type { McpServerConfigBody } from '@agentforge/shared';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { cn } from '../../../components/ui/cn';
import { fieldVariants } from '../../../components/ui/input';
import { isMaskedValue, type ServerFormValues } from '../utils/server-form';

const CELL = fieldVariants({ className: 'min-w-0 rounded-md px-2.5 py-1.5 font-mono text-xs' });

/**
 * A remote server's static headers (an API key): a row per header, added and removed in place. The
 * values are secrets: stored ones come back masked and are kept when sent back unchanged.
 */
export function HeaderRows({
  form,
  disabled,
}: {
  form: UseFormReturn<ServerFormValues, unknown, McpServerConfigBody>;
  disabled: boolean;
}) {
  const rows = useFieldArray({ control: form.control, name: 'headers' });
  const values = form.watch('headers');
  const errors = form.formState.errors.headers;
  const errorsId = useId();
  const masked = values.some((row) => isMaskedValue(row.value));
  return (
    <fieldset className="space-y-2">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-medium text-slate-700">Headers</legend>
        {disabled ? null : (
          <button
            type="button"
            onClick={() => rows.append({ key: '', value: '' })}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-indigo-600 hover:bg-indigo-50"
          >
            <PlusIcon className="size-3.5" aria-hidden="true" />
            Add header
          </button>
        )}
      </div>
      {rows.fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-center text-xs text-slate-500">
          No headers. Add one if the server takes an API key in a header.
        </p>
      ) : (
        <ul className="space-y-2">
          {rows.fields.map((field, index) => {
            const nameError = errors?.[index]?.key?.message;
            return (
              <li key={field.id} className="space-y-1">
                <div className="flex items-center gap-2">
                  <input
                    aria-label={`Header ${index + 1} name`}
                    placeholder="X-API-Key"
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={nameError ? true : undefined}
                    aria-describedby={nameError ? `${errorsId}-${index}` : undefined}
                    className={cn(CELL, 'w-2/5 shrink-0')}
                    {...form.register(`headers.${index}.key`)}
                  />
                  <input
                    aria-label={`Header ${index + 1} value`}
                    placeholder="value"
                    type="password"
                    autoComplete="off"
                    spellCheck={false}
                    // A stored value is shown masked: focusing selects it, so typing replaces it.
                    onFocus={(event) => isMaskedValue(event.target.value) && event.target.select()}
                    className={cn(CELL, 'flex-1')}
                    {...form.register(`headers.${index}.value`)}
                  />
                  {disabled ? null : (
                    <button
                      type="button"
                      onClick={() => rows.remove(index)}
                      aria-label={`Remove header ${index + 1}`}
                      className="shrink-0 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-red-600"
                    >
                      <Trash2Icon className="size-3.5" aria-hidden="true" />
                    </button>
                  )}
                </div>
                {nameError ? (
                  <p id={`${errorsId}-${index}`} className="text-xs text-red-600">
                    {nameError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {errors?.message ? <p className="text-sm text-red-600">{errors.message}</p> : null}
      <p className="text-xs text-slate-500">
        {masked ? 'Stored values stay hidden: leave one as it is to keep it, or type a new value. ' : ''}
        Sent with every request to the server; rows without a name are ignored.
      </p>
    </fieldset>
  );
}
