import {
  GITHUB_TOKEN_ENV_VAR,
  GITHUB_TOKEN_REFERENCE,
  type McpServerConfigBody,
  SERVER_MESSAGES,
} from '@agentforge/shared';
import { LinkIcon, TriangleAlertIcon } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { isMaskedValue, type ServerFormValues } from '../utils/server-form';
import { KeyValueRow, KeyValueRowList, MASKED_VALUES_NOTE, RowListAction } from './key-value-rows';

/**
 * A team server's honest note: whoever uses the server can make it print its environment, so the
 * masking of shared values is a display, not a boundary; per-member values are the boundary.
 */
function SharedValuesWarning() {
  return (
    <p className="flex gap-2 rounded-lg bg-amber-50 px-2.5 py-2 text-xs text-amber-900 ring-1 ring-amber-200">
      <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" aria-hidden="true" />
      <span>
        <strong className="font-semibold">{SERVER_MESSAGES.sharedValuesWarning}.</strong> Hidden here, they
        are not secret from them. Mark a variable '{SERVER_MESSAGES.memberVariableLabel}' to keep each
        member's value to their own instance of the server.
      </span>
    </p>
  );
}

/** The server form's environment variables: a row per variable, added and removed in place. */
export function EnvironmentRows({
  form,
  disabled,
  teamServer,
}: {
  form: UseFormReturn<ServerFormValues, unknown, McpServerConfigBody>;
  disabled: boolean;
  /** A team's server: a variable may be one each member supplies. */
  teamServer: boolean;
}) {
  const rows = useFieldArray({ control: form.control, name: 'environmentVariables' });
  const values = form.watch('environmentVariables');
  const errors = form.formState.errors.environmentVariables;
  const masked = values.some((row) => isMaskedValue(row.value));
  const usesGithub = values.some((row) => row.value === GITHUB_TOKEN_REFERENCE);
  // The GitHub MCP server's token variable, referencing the linked account (resolved at start).
  const referenceGithubAccount = () => {
    const index = values.findIndex((row) => row.key.trim() === GITHUB_TOKEN_ENV_VAR);
    if (index >= 0) form.setValue(`environmentVariables.${index}.value`, GITHUB_TOKEN_REFERENCE);
    else rows.append({ key: GITHUB_TOKEN_ENV_VAR, value: GITHUB_TOKEN_REFERENCE, member: false });
  };
  return (
    <KeyValueRowList
      legend="Environment variables"
      actions={
        disabled ? null : (
          <>
            <RowListAction
              onClick={referenceGithubAccount}
              icon={<LinkIcon className="size-3.5" aria-hidden="true" />}
            >
              Use my GitHub account
            </RowListAction>
            <RowListAction onClick={() => rows.append({ key: '', value: '', member: false })}>
              Add variable
            </RowListAction>
          </>
        )
      }
      empty={
        rows.fields.length === 0
          ? 'No variables. Add API keys or settings the package reads from its environment.'
          : undefined
      }
      error={errors?.message}
      note={
        <>
          {teamServer ? <SharedValuesWarning /> : null}
          <p className="text-xs text-slate-500">
            {masked ? MASKED_VALUES_NOTE : ''}
            Rows without a name are ignored.
            {usesGithub
              ? ` ${GITHUB_TOKEN_REFERENCE} stands for your linked GitHub account: the server gets its token when it starts (connect GitHub in Settings).`
              : ''}
          </p>
        </>
      }
    >
      {rows.fields.map((field, index) => {
        const member = values[index]?.member;
        return (
          <KeyValueRow
            key={field.id}
            label={`Variable ${index + 1}`}
            keyPlaceholder="NAME"
            keyField={form.register(`environmentVariables.${index}.key`)}
            valueField={form.register(`environmentVariables.${index}.value`)}
            valueProps={{
              placeholder: member ? "Each member's own" : 'value',
              readOnly: member,
              className: 'read-only:bg-slate-50',
            }}
            nameError={errors?.[index]?.key?.message}
            onRemove={disabled ? undefined : () => rows.remove(index)}
          >
            {teamServer ? (
              <label className="flex w-fit items-center gap-1.5 text-xs text-slate-600">
                <input
                  type="checkbox"
                  className="size-3.5 accent-indigo-600"
                  {...form.register(`environmentVariables.${index}.member`, {
                    // No shared value is kept for it: what was typed goes.
                    onChange: (event: { target: { checked: boolean } }) => {
                      if (event.target.checked) form.setValue(`environmentVariables.${index}.value`, '');
                    },
                  })}
                />
                <span className="sr-only">Variable {index + 1}:</span> {SERVER_MESSAGES.memberVariableLabel}
              </label>
            ) : null}
          </KeyValueRow>
        );
      })}
    </KeyValueRowList>
  );
}
