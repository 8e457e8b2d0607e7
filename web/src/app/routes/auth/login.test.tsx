import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession, resendSignUpCode, signIn, signInWithRedirect } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToaster } from '../../../components/toast/toaster-store';
import { forgetCredentials } from '../../../features/auth/api/pending-credentials';
import { renderRoutes, SIGNED_IN } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth');
// /home loads the current user (GET /user); a signed-in visitor sent there must not wait on the API.
vi.mock('../../../features/chat/api/current-user', () => ({ fetchUserCheck: () => new Promise(() => {}) }));

const named = (name: string, message = name) => Object.assign(new Error(message), { name });
const USER = { username: 'sub-1', userId: 'sub-1' };

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue({} as never);
});

afterEach(() => {
  act(() => resetToaster());
  forgetCredentials();
  vi.resetAllMocks();
});

async function openLogin(entry: Parameters<typeof renderRoutes>[0] = '/login') {
  const view = renderRoutes(entry, { userAfterCheck: USER });
  await screen.findByRole('heading', { name: 'Welcome Back' });
  return view;
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(emailField(), email);
  await user.type(passwordField(), password);
  return user;
}

describe('/login', () => {
  it('shows the headline, the waitlist note and the links', async () => {
    await openLogin();
    expect(screen.getByText('Continue your development journey')).toBeTruthy();
    expect(screen.getByText("You're not on the waitlist yet. Log in to join the community.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up here' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/reset');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('validates on change and keeps Login disabled while the form is invalid', async () => {
    await openLogin();
    expect(loginButton().disabled).toBe(true);
    const user = userEvent.setup();
    await user.type(emailField(), 'ada');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    await user.clear(emailField());
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(passwordField(), 'x');
    await user.clear(passwordField());
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(loginButton().disabled).toBe(true);
    await user.type(emailField(), 'ada@example.com');
    await user.type(passwordField(), 'secret');
    await waitFor(() => expect(loginButton().disabled).toBe(false));
  });

  it('shows Loading... while signing in, then welcomes the user and goes to /home', async () => {
    let finish: (value: Awaited<ReturnType<typeof signIn>>) => void = () => undefined;
    vi.mocked(signIn).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { router, auth } = await openLogin();
    const user = await fillIn('ada@example.com', 'secret');
    await user.click(loginButton());
    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(signIn).toHaveBeenCalledWith({ username: 'ada@example.com', password: 'secret' });
    expect(auth.checkAuth).toHaveBeenCalled();
  });

  it('goes to the remembered location after signing in', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { router } = await openLogin({
      pathname: '/login',
      state: { from: { pathname: '/pricing', search: '?plan=pro', hash: '' } },
    });
    const user = await fillIn('ada@example.com', 'secret');
    await user.click(loginButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(router.state.location.search).toBe('?plan=pro');
  });

  it('shows a wrong password in a red banner that typing clears', async () => {
    vi.mocked(signIn).mockRejectedValue(named('NotAuthorizedException', 'Incorrect username or password.'));
    await openLogin();
    const user = await fillIn('ada@example.com', 'wrong');
    await user.click(loginButton());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Incorrect username or password. Please try again.');
    await user.type(emailField(), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows other codes with their mapped message', async () => {
    vi.mocked(signIn).mockRejectedValue(named('LimitExceededException', 'Attempt limit exceeded'));
    await openLogin();
    const user = await fillIn('ada@example.com', 'wrong');
    await user.click(loginButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later.');
  });

  it('offers to resend the code to an unconfirmed account and goes on to the confirmation step', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    vi.mocked(resendSignUpCode).mockResolvedValue({} as never);
    const { router } = await openLogin();
    const user = await fillIn('ada@example.com', 'secret-1');
    await user.click(loginButton());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(
      'Your account has not been confirmed yet. Please check your email for a confirmation code.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend Confirmation Code' }));
    expect(await screen.findByRole('heading', { name: 'Almost Done...' })).toBeTruthy();
    expect(resendSignUpCode).toHaveBeenCalledWith({ username: 'ada@example.com' });
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(within(toasts).getByText('Please check your email for the confirmation code.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup');
    expect(router.state.location.state).toEqual({ username: 'ada@example.com' });
  });

  it('says when the code could not be resent', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    vi.mocked(resendSignUpCode).mockRejectedValue(named('LimitExceededException'));
    const { router } = await openLogin();
    const user = await fillIn('ada@example.com', 'secret-1');
    await user.click(loginButton());
    await user.click(await screen.findByRole('button', { name: 'Resend Confirmation Code' }));
    expect(await screen.findByText("Couldn't resend confirmation code.")).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('prefills the e-mail from navigation state', async () => {
    await openLogin({ pathname: '/login', state: { email: 'ada@example.com' } });
    expect((emailField() as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('says social sign-in is not configured instead of breaking', async () => {
    vi.mocked(signInWithRedirect).mockRejectedValue(
      named('OAuthNotConfigureException', 'oauth param not configured.'),
    );
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Google login failed');
    expect(toast.textContent).toContain('Social sign-in is not configured on this stage.');
    expect(signInWithRedirect).toHaveBeenCalledWith(expect.objectContaining({ provider: 'Google' }));
    expect((screen.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('sends a signed-in visitor to /home', async () => {
    const { router } = renderRoutes('/login', { auth: SIGNED_IN });
    // /home itself waits on the user check, which never answers here.
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
