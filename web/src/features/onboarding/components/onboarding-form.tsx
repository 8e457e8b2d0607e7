import {
  ONBOARDING_MESSAGES,
  ONBOARDING_OTHER_ROLE,
  ONBOARDING_ROLES,
  ONBOARDING_TEAM_SIZES,
  ONBOARDING_USE_CASES,
  type OnboardingFormInput,
  onboardingFormSchema,
  toOnboardingPayload,
  type UserCheckResponse,
} from '@agentforge/shared';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { Button } from '../../../components/ui/button';
import { fieldVariants } from '../../../components/ui/input';
import { submitOnboarding } from '../api/onboarding';
import { USE_CASE_LABELS } from './use-case-labels';

type Field = keyof Required<OnboardingFormInput>;

type OnboardingFormProps = {
  email: string;
  /** The stored answers were accepted: the server's updated user check. */
  onDone: (user: UserCheckResponse) => void;
};

/**
 * The Welcome Aboard form (spec 2, 5, 9): role (a custom role when 'Other'), e-mail, team size,
 * use case and what the user wants to build. On submit the rules run in the spec's order and the
 * first failing one is shown (on its field and in the banner, which is focused); a valid form is
 * posted as the spec's payload, the button reading 'Processing...' meanwhile.
 */
export function OnboardingForm({ email, onDone }: OnboardingFormProps) {
  const [form, setForm] = useState<Required<OnboardingFormInput>>({
    role: '',
    customRole: '',
    teamSize: '',
    email,
    useCase: '',
    challenge: '',
  });
  const [error, setError] = useState<{ field: Field | null; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const fields = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    if (error?.field === field) setError(null);
  };
  const control = (field: Field) => ({
    name: field,
    value: form[field],
    onChange: set(field),
    ref: (element: HTMLElement | null) => {
      fields.current[field] = element;
    },
    'aria-invalid': error?.field === field ? true : undefined,
    className: fieldVariants({ size: 'lg' }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = onboardingFormSchema.safeParse(form);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = (issue?.path[0] as Field | undefined) ?? null;
      setError({ field, message: issue?.message ?? ONBOARDING_MESSAGES.submitFailed });
      if (field) fields.current[field]?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      onDone(await submitOnboarding(toOnboardingPayload(result.data)));
    } catch {
      setError({ field: null, message: ONBOARDING_MESSAGES.submitFailed });
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {error ? <FormBanner message={error.message} /> : null}
      <Labelled label="What's your role?">
        {(id) => (
          <select id={id} {...control('role')}>
            <option value="">Select your role</option>
            {ONBOARDING_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      {form.role === ONBOARDING_OTHER_ROLE ? (
        <Labelled label="Your role">
          {(id) => <input id={id} type="text" autoComplete="organization-title" {...control('customRole')} />}
        </Labelled>
      ) : null}
      <Labelled label="Email">
        {(id) => <input id={id} type="email" autoComplete="email" {...control('email')} />}
      </Labelled>
      <Labelled label="Team size">
        {(id) => (
          <select id={id} {...control('teamSize')}>
            <option value="">Select your team size</option>
            {ONBOARDING_TEAM_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="What will you use it for? (optional)">
        {(id) => (
          <select id={id} {...control('useCase')}>
            <option value="">Choose a use case</option>
            {ONBOARDING_USE_CASES.map((useCase) => (
              <option key={useCase} value={useCase}>
                {USE_CASE_LABELS[useCase]}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="What do you want to build?">
        {(id) => <textarea id={id} rows={4} {...control('challenge')} />}
      </Labelled>
      <Button
        type="submit"
        variant="primary"
        size="lg"
        className="w-full"
        disabled={submitting}
        aria-busy={submitting || undefined}
      >
        {submitting ? 'Processing...' : 'Continue'}
      </Button>
    </form>
  );
}

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
