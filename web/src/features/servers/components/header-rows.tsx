import type { McpServerConfigBody } from '@agentforge/shared';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { isMaskedValue, type ServerFormValues } from '../utils/server-form';
import { KeyValueRow, KeyValueRowList, MASKED_VALUES_NOTE, RowListAction } from './key-value-rows';

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
  const masked = values.some((row) => isMaskedValue(row.value));
  return (
    <KeyValueRowList
      legend="Headers"
      actions={
        disabled ? null : (
          <RowListAction onClick={() => rows.append({ key: '', value: '' })}>Add header</RowListAction>
        )
      }
      empty={
        rows.fields.length === 0
          ? 'No headers. Add one if the server takes an API key in a header.'
          : undefined
      }
      error={errors?.message}
      note={
        <p className="text-xs text-slate-500">
          {masked ? MASKED_VALUES_NOTE : ''}
          Sent with every request to the server; rows without a name are ignored.
        </p>
      }
    >
      {rows.fields.map((field, index) => (
        <KeyValueRow
          key={field.id}
          label={`Header ${index + 1}`}
          keyPlaceholder="X-API-Key"
          keyField={form.register(`headers.${index}.key`)}
          valueField={form.register(`headers.${index}.value`)}
          valueProps={{ type: 'password' }}
          nameError={errors?.[index]?.key?.message}
          onRemove={disabled ? undefined : () => rows.remove(index)}
        />
      ))}
    </KeyValueRowList>
  );
}
