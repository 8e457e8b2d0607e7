import { type ChangeEvent, type FormEvent, useCallback, useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import type { LoadOnce } from '../../lib/load-once';

type TextValues = Record<string, string>;
/** The form's schema, loaded once for every form that uses it (`loadOnce(() => import(...))`). */
type SchemaLoader<Values extends TextValues> = LoadOnce<ZodType<Values>>;

type LazySchemaForm<Values extends TextValues> = {
  /** The props of the input for `name`: its value and its change handler. */
  field: (name: keyof Values & string) => {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  };
  values: Values;
  /** The first message of each field the user has changed (every field once a submit was tried). */
  errors: Partial<Record<keyof Values, string>>;
  /** False until the schema has loaded, then whether the values pass it. */
  isValid: boolean;
  isSubmitting: boolean;
  /** The form's submit handler: runs `onValid` with the parsed values when they pass the schema. */
  handleSubmit: (onValid: (values: Values) => Promise<void>) => (event: FormEvent) => Promise<void>;
};

/**
 * A form of text fields validated on every change against a schema that loads (with the schema
 * library) just after the form renders, not with the page: the sign-in screen's first paint needs
 * neither, nor a form library. Errors show for the fields the user has changed.
 */
export function useLazySchemaForm<Values extends TextValues>({
  loadSchema,
  defaultValues,
  onChange,
}: {
  loadSchema: SchemaLoader<Values>;
  defaultValues: Values;
  /** Called on every change of a field (e.g. to clear a banner). */
  onChange?: () => void;
}): LazySchemaForm<Values> {
  const [values, setValues] = useState(defaultValues);
  const [schema, setSchema] = useState<ZodType<Values> | undefined>(loadSchema.loaded);
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const [submitTried, setSubmitTried] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  // Loaded once the form is on screen; a failed load (the chunk) is asked for again on the next change.
  const requestSchema = useCallback(() => {
    loadSchema().then(
      (loaded) => setSchema(() => loaded),
      () => undefined,
    );
  }, [loadSchema]);
  useEffect(requestSchema, [requestSchema]);

  const result = schema?.safeParse(values);
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const issue of result?.success === false ? result.error.issues : []) {
    const name = issue.path[0] as keyof Values & string;
    if (errors[name] === undefined && (submitTried || changed.has(name))) errors[name] = issue.message;
  }

  return {
    values,
    errors,
    isValid: result?.success === true,
    isSubmitting,
    field: (name) => ({
      name,
      value: values[name] ?? '',
      onChange: (event) => {
        const { value } = event.target;
        setValues((previous) => ({ ...previous, [name]: value }));
        setChanged((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
        if (!schema) requestSchema();
        onChange?.();
      },
    }),
    handleSubmit: (onValid) => async (event) => {
      event.preventDefault();
      setSubmitTried(true);
      if (!result?.success || isSubmitting) return;
      setSubmitting(true);
      try {
        await onValid(result.data);
      } finally {
        setSubmitting(false);
      }
    },
  };
}
