import {
  COMPANY_SIZE_LABELS,
  COMPANY_SIZES,
  DEFAULT_COMPANY_SIZE,
  type ProfileForm,
  type ProfileFormInput,
  profileFormSchema,
} from '@agentforge/shared';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/form/text-field';

type Field = keyof ProfileForm;
const EMPTY: Required<ProfileFormInput> = {
  firstName: '',
  lastName: '',
  companyName: '',
  companySize: DEFAULT_COMPANY_SIZE,
  role: '',
};

/** The profile form's state and rules (spec 5 "Profile form": each field checked on change). */
export function useProfileForm(initial?: Partial<Record<Field, string>> | null) {
  const [values, setValues] = useState<Required<ProfileFormInput>>({
    ...EMPTY,
    ...(initial as Partial<ProfileFormInput> | null | undefined),
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const result = profileFormSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  }
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };
  return {
    values,
    valid: result.success,
    parsed: result.success ? result.data : null,
    errorOf: (field: Field) => (touched[field] ? errors[field] : undefined),
    set,
  };
}
export type ProfileFormState = ReturnType<typeof useProfileForm>;

/** The five fields of the profile (spec 3): first and last name, company and its size, role. */
export function ProfileFields({ form }: { form: ProfileFormState }) {
  const sizeId = useId();
  const text = (
    field: 'firstName' | 'lastName' | 'companyName' | 'role',
    label: string,
    autoComplete: string,
  ) => (
    <TextField
      label={label}
      autoComplete={autoComplete}
      value={form.values[field]}
      error={form.errorOf(field)}
      onChange={(event) => form.set(field, event.target.value)}
    />
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', 'First Name', 'given-name')}
        {text('lastName', 'Last Name', 'family-name')}
      </div>
      {text('companyName', 'Company Name', 'organization')}
      <div className="space-y-1.5">
        <label htmlFor={sizeId} className="block text-sm font-medium text-slate-700">
          Company Size
        </label>
        <select
          id={sizeId}
          value={form.values.companySize}
          onChange={(event) => form.set('companySize', event.target.value)}
          className="block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset"
        >
          {COMPANY_SIZES.map((size) => (
            <option key={size} value={size}>
              {COMPANY_SIZE_LABELS[size]}
            </option>
          ))}
        </select>
        {form.errorOf('companySize') ? (
          <p className="text-sm text-red-600">{form.errorOf('companySize')}</p>
        ) : null}
      </div>
      {text('role', 'Role', 'organization-title')}
    </>
  );
}

/** Submits only a valid form (the button is disabled otherwise). */
export const onValidSubmit =
  (form: ProfileFormState, save: (profile: ProfileForm) => void) => (event: FormEvent) => {
    event.preventDefault();
    if (form.parsed) save(form.parsed);
  };
