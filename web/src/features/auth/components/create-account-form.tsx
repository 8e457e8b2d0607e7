import { type SignUpForm, signUpFormSchema, TOAST_MESSAGES } from '@agentforge/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { EmailField } from '../../../components/form/email-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { toast } from '../../../components/toast/toaster-store';
import { describeAuthError } from '../api/auth-errors';
import { type SignUpOutcome, signUpWithEmail } from '../api/identity';
import { AUTH_LINK } from './styles';

type CreateAccountFormProps = {
  /** The account was created (the code is on its way, unless the pool confirmed it at once). */
  onSignedUp: (email: string, outcome: SignUpOutcome) => void | Promise<void>;
};

/** Sign-up step 1, 'Create Account' (spec 2 /signup): e-mail, password and its confirmation. */
export function CreateAccountForm({ onSignedUp }: CreateAccountFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '', confirm: '' },
  });

  const submit = handleSubmit(async ({ email, password }) => {
    let outcome: SignUpOutcome;
    try {
      outcome = await signUpWithEmail(email, password);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: TOAST_MESSAGES.errorTitle,
        description: TOAST_MESSAGES.signUpFailed(describeAuthError(error).message),
      });
      return;
    }
    await onSignedUp(email, outcome);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <EmailField error={errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        error={errors.password?.message}
        {...register('password', { deps: ['confirm'] })}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        error={errors.confirm?.message}
        {...register('confirm')}
      />
      <p className="text-xs leading-5 text-slate-500">
        By creating an account you agree to our{' '}
        <Link to="" className={`whitespace-nowrap ${AUTH_LINK}`}>
          Terms &amp; Conditions
        </Link>{' '}
        and{' '}
        <Link to="" className={`whitespace-nowrap ${AUTH_LINK}`}>
          Privacy Policy
        </Link>
        .
      </p>
      <SubmitButton loading={isSubmitting} disabled={!isValid}>
        Create Account
      </SubmitButton>
    </form>
  );
}
