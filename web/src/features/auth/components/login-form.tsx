import { AUTH_MESSAGES, type SignInForm, TOAST_MESSAGES } from '@agentforge/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { EmailField } from '../../../components/form/email-field';
import { FormBanner } from '../../../components/form/form-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useLazySchemaForm } from '../../../components/form/use-lazy-schema-form';
import { toast } from '../../../components/toast/toaster-store';
import { loadOnce } from '../../../lib/load-once';
import { type AuthErrorInfo, describeAuthError } from '../api/auth-errors';
import { resendConfirmationCode, signInWithEmail } from '../api/identity';
import { emailFromState, type SignUpLocationState } from '../hooks/auth-location-state';
import { useAuth } from '../hooks/use-auth';
import { useRedirectTarget } from '../hooks/use-redirect-target';
import { AUTH_LINK } from './styles';

/**
 * The login form (spec 4 "Login form"): validation on every change, submit disabled while invalid
 * or loading, errors in a red banner at the top that typing clears; an unconfirmed account gets a
 * 'Resend Confirmation Code' button. Success: 'Welcome back!' and the saved `from` location, else /home.
 */
const loadSchema = loadOnce(() =>
  import('../schemas/sign-in-form').then((module) => module.signInFormSchema),
);

export function LoginForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const { checkAuth } = useAuth();
  const [banner, setBanner] = useState<AuthErrorInfo | null>(null);
  const [resending, setResending] = useState(false);

  const { field, values, errors, isValid, isSubmitting, handleSubmit } = useLazySchemaForm<SignInForm>({
    loadSchema,
    defaultValues: { email: emailFromState(location.state) ?? '', password: '' },
    // Typing in any field clears the banner.
    onChange: () => setBanner(null),
  });

  const submit = handleSubmit(async ({ email, password }) => {
    setBanner(null);
    try {
      await signInWithEmail(email, password);
    } catch (error) {
      setBanner(describeAuthError(error, { context: 'login' }));
      return;
    }
    await checkAuth();
    toast({ title: TOAST_MESSAGES.welcomeBack });
    await navigate(target, { replace: true });
  });

  async function resend() {
    const { email } = values;
    setResending(true);
    try {
      await resendConfirmationCode(email);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: TOAST_MESSAGES.resendCodeFailed,
        description: describeAuthError(error).message,
      });
      setResending(false);
      return;
    }
    toast({ title: TOAST_MESSAGES.confirmationCodeResent });
    const state: SignUpLocationState = { username: email };
    await navigate('/signup', { state });
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      {banner ? (
        <FormBanner message={banner.message}>
          {banner.code === 'UserNotConfirmedException' ? (
            <button
              type="button"
              onClick={() => void resend()}
              disabled={resending}
              className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-red-700 shadow-sm ring-1 ring-red-200 transition hover:bg-red-100 disabled:opacity-60"
            >
              {resending ? AUTH_MESSAGES.loading : 'Resend Confirmation Code'}
            </button>
          ) : null}
        </FormBanner>
      ) : null}
      <EmailField error={errors.email} {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="••••••••"
        error={errors.password}
        labelAside={
          <Link to="/reset" className={`text-sm ${AUTH_LINK}`}>
            Forgot Password?
          </Link>
        }
        {...field('password')}
      />
      <SubmitButton loading={isSubmitting} disabled={!isValid}>
        Login
      </SubmitButton>
    </form>
  );
}
