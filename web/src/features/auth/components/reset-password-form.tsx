import { type ResetForm, resetFormSchema, resetRequestFormSchema, TOAST_MESSAGES } from '@agentforge/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { EmailField } from '../../../components/form/email-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useToast } from '../../../components/toast/toast-provider';
import { describeAuthError } from '../api/auth-errors';
import { confirmPasswordReset, requestPasswordReset } from '../api/identity';
import type { LoginLocationState } from '../hooks/auth-location-state';

type Step = 1 | 2;

// Step 1 checks the e-mail only; step 2 also the code and the new password (spec 5 "Reset"). The
// form always holds all three fields; step 1's submit reads only the e-mail, hence the widening cast.
const RESOLVERS: Record<Step, Resolver<ResetForm>> = {
  1: zodResolver(resetRequestFormSchema) as unknown as Resolver<ResetForm>,
  2: zodResolver(resetFormSchema),
};

/**
 * The password reset form (spec 4 "Password reset flow"): one form, two steps. Step 1 requests a
 * code and moves to step 2 on success; step 2 sets the new password and goes to /login. A failure
 * stays on the current step. Validation runs on change; the button is disabled while the form is
 * invalid or a request runs, and shows 'Loading...' meanwhile.
 */
export function ResetPasswordForm() {
  const [step, setStep] = useState<Step>(1);
  const { showToast } = useToast();
  const navigate = useNavigate();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: RESOLVERS[step],
    mode: 'onChange',
    defaultValues: { email: '', code: '', password: '' },
  });
  // Checked on every render against the current step's schema: react-hook-form's own `isValid`
  // lags one update behind when the step (and so the resolver) changes.
  const values = useWatch({ control });
  const isValid = (step === 1 ? resetRequestFormSchema : resetFormSchema).safeParse(values).success;

  function showFailure(error: unknown) {
    showToast({
      type: 'error',
      title: TOAST_MESSAGES.resetFailedTitle,
      message: describeAuthError(error, { fallback: TOAST_MESSAGES.resetFailedDefault }).message,
    });
  }

  const submit = handleSubmit(async ({ email, code, password }) => {
    if (step === 1) {
      try {
        await requestPasswordReset(email);
      } catch (error) {
        showFailure(error);
        return;
      }
      showToast({
        type: 'success',
        title: TOAST_MESSAGES.codeSentTitle,
        message: TOAST_MESSAGES.codeSentDescription,
      });
      setStep(2);
      return;
    }
    try {
      await confirmPasswordReset(email, code, password);
    } catch (error) {
      showFailure(error);
      return;
    }
    showToast({
      type: 'success',
      title: TOAST_MESSAGES.passwordUpdatedTitle,
      message: TOAST_MESSAGES.passwordUpdatedDescription,
    });
    const state: LoginLocationState = { email };
    await navigate('/login', { state });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <EmailField error={errors.email?.message} {...register('email')} />
      {step === 2 ? (
        <>
          <TextField
            label="Reset Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            error={errors.code?.message}
            {...register('code')}
          />
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            placeholder="Your new password"
            error={errors.password?.message}
            {...register('password')}
          />
        </>
      ) : null}
      <SubmitButton loading={isSubmitting} disabled={!isValid}>
        {step === 1 ? 'Send Reset Code' : 'Reset Password'}
      </SubmitButton>
    </form>
  );
}
