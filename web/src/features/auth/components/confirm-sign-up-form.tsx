import {
  AUTH_MESSAGES,
  type ConfirmationForm,
  confirmationFormSchema,
  TOAST_MESSAGES,
} from '@agentforge/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { toast } from '../../../components/toast/toaster-store';
import { describeAuthError } from '../api/auth-errors';
import { confirmSignUpCode, resendConfirmationCode } from '../api/identity';
import { AUTH_LINK } from './styles';

type ConfirmSignUpFormProps = {
  /** The username (e-mail) being confirmed. */
  username: string;
  /** The code was accepted; `autoSignInPending` when Amplify will sign the user in itself. */
  onConfirmed: (autoSignInPending: boolean) => void | Promise<void>;
};

/** Sign-up step 2 (spec 2 /signup): the code-entry form, a resend button and 'Back to Login'. */
export function ConfirmSignUpForm({ username, onConfirmed }: ConfirmSignUpFormProps) {
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ConfirmationForm>({
    resolver: zodResolver(confirmationFormSchema),
    mode: 'onChange',
    defaultValues: { confirmation: '' },
  });

  const submit = handleSubmit(async ({ confirmation }) => {
    let autoSignInPending: boolean;
    try {
      ({ autoSignInPending } = await confirmSignUpCode(username, confirmation));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: TOAST_MESSAGES.verificationFailedTitle,
        description: describeAuthError(error, { fallback: TOAST_MESSAGES.verificationFailedDefault }).message,
      });
      return;
    }
    await onConfirmed(autoSignInPending);
  });

  async function resend() {
    setResending(true);
    try {
      await resendConfirmationCode(username);
      toast({ title: TOAST_MESSAGES.confirmationCodeResent });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: TOAST_MESSAGES.resendCodeFailed,
        description: describeAuthError(error).message,
      });
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <TextField
        label="Confirmation Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        error={errors.confirmation?.message}
        {...register('confirmation')}
      />
      <SubmitButton loading={isSubmitting} disabled={!isValid}>
        Confirm Account
      </SubmitButton>
      <div className="flex items-center justify-between gap-4 text-sm">
        <Link to="/login" className={AUTH_LINK}>
          Back to Login
        </Link>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={resending}
          className={`${AUTH_LINK} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {resending ? AUTH_MESSAGES.loading : 'Resend code'}
        </button>
      </div>
    </form>
  );
}
