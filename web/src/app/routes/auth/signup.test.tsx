import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  autoSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  signIn,
  signUp,
} from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToaster } from '../../../components/toast/toaster-store';
import { forgetCredentials } from '../../../features/auth/api/pending-credentials';
import { renderRoutes } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth');

const named = (name: string, message = name) => Object.assign(new Error(message), { name });
const USER = { username: 'sub-1', userId: 'sub-1' };
const EMAIL = 'ada@example.com';

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue({} as never);
  vi.mocked(signUp).mockResolvedValue({
    isSignUpComplete: false,
    userId: 'sub-1',
    nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: {} },
  });
});

afterEach(() => {
  act(() => resetToaster());
  forgetCredentials();
  vi.resetAllMocks();
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function createAccount(password = 'password-1', confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), EMAIL);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  return user;
}

async function openConfirmationStep() {
  const view = renderRoutes({ pathname: '/signup', state: { username: EMAIL } }, { userAfterCheck: USER });
  await screen.findByRole('heading', { name: 'Almost Done...' });
  return view;
}

describe('/signup step 1, Create Account', () => {
  it('shows the form with the terms links and a way back to /login', async () => {
    renderRoutes('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(button('Create Account').disabled).toBe(true);
  });

  it('reports a short password and a mismatched confirmation on change', async () => {
    renderRoutes('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    const user = await createAccount('short', 'other');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(button('Create Account').disabled).toBe(true);
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await waitFor(() => expect(screen.queryByText("Passwords don't match")).toBeNull());
  });

  it('signs up with the e-mail as username and moves to the confirmation step', async () => {
    const { router } = renderRoutes('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    const user = await createAccount();
    await user.click(button('Create Account'));
    expect(await screen.findByRole('heading', { name: 'Almost Done...' })).toBeTruthy();
    expect(signUp).toHaveBeenCalledWith({
      username: EMAIL,
      password: 'password-1',
      options: { userAttributes: { email: EMAIL }, autoSignIn: true },
    });
    expect(router.state.location.state).toEqual({ username: EMAIL });
  });

  it('shows a failed sign-up in an error toast', async () => {
    vi.mocked(signUp).mockRejectedValue(named('UsernameExistsException', 'User already exists'));
    renderRoutes('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    const user = await createAccount();
    await user.click(button('Create Account'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('Sign up failed: An account with this email already exists.');
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeTruthy();
  });
});

describe('/signup step 2, Almost Done...', () => {
  it('opens with a username in navigation state and requires the code', async () => {
    await openConfirmationStep();
    expect(screen.getByText(EMAIL)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Confirmation Code'), '1');
    await user.clear(screen.getByLabelText('Confirmation Code'));
    expect(await screen.findByText('Confirmation code required')).toBeTruthy();
    expect(button('Confirm Account').disabled).toBe(true);
  });

  it('logs in automatically after sign-up and goes to /', async () => {
    vi.mocked(confirmSignUp).mockResolvedValue({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
    });
    vi.mocked(autoSignIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { router, auth } = renderRoutes('/signup', { userAfterCheck: USER });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await screen.findByRole('heading', { name: 'Create Account' });
    const user = await createAccount();
    await user.click(button('Create Account'));
    await user.type(await screen.findByLabelText('Confirmation Code'), '123456');
    await user.click(button('Confirm Account'));
    await waitFor(() => expect(auth.checkAuth).toHaveBeenCalled());
    // / sends the now signed-in visitor on to /home.
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(visited).toContain('/');
    expect(confirmSignUp).toHaveBeenCalledWith({ username: EMAIL, confirmationCode: '123456' });
    expect(autoSignIn).toHaveBeenCalled();
  });

  it('logs in with the password kept from an unconfirmed login', async () => {
    vi.mocked(signIn)
      .mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } })
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    vi.mocked(resendSignUpCode).mockResolvedValue({} as never);
    vi.mocked(confirmSignUp).mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    const { router } = renderRoutes('/login', { userAfterCheck: USER });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), EMAIL);
    await user.type(screen.getByLabelText('Password'), 'password-1');
    await user.click(button('Login'));
    await user.click(await screen.findByRole('button', { name: 'Resend Confirmation Code' }));
    await user.type(await screen.findByLabelText('Confirmation Code'), '123456');
    await user.click(button('Confirm Account'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(signIn).toHaveBeenLastCalledWith({ username: EMAIL, password: 'password-1' });
  });

  it('goes to /login with the e-mail when no password was kept', async () => {
    vi.mocked(confirmSignUp).mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    const { router } = await openConfirmationStep();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Confirmation Code'), '123456');
    await user.click(button('Confirm Account'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.state).toEqual({ email: EMAIL });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(EMAIL);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('shows a wrong code as Verification Failed with the message', async () => {
    vi.mocked(confirmSignUp).mockRejectedValue(
      named('CodeMismatchException', 'Invalid verification code provided, please try again.'),
    );
    await openConfirmationStep();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Confirmation Code'), '000000');
    await user.click(button('Confirm Account'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Verification Failed');
    expect(toast.textContent).toContain('Invalid verification code provided, please try again.');
  });

  it("falls back to 'There was a problem confirming your code.'", async () => {
    vi.mocked(confirmSignUp).mockRejectedValue({});
    await openConfirmationStep();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Confirmation Code'), '000000');
    await user.click(button('Confirm Account'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'There was a problem confirming your code.',
    );
  });

  it('resends the code, and says so when that fails', async () => {
    vi.mocked(resendSignUpCode).mockResolvedValueOnce({} as never);
    await openConfirmationStep();
    const user = userEvent.setup();
    await user.click(button('Resend code'));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(toasts).findByText('Please check your email for the confirmation code.'),
    ).toBeTruthy();
    vi.mocked(resendSignUpCode).mockRejectedValueOnce(named('LimitExceededException'));
    await user.click(button('Resend code'));
    expect(await screen.findByText("Couldn't resend confirmation code.")).toBeTruthy();
  });
});
