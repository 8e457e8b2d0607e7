import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth');

const named = (name: string, message = name) => Object.assign(new Error(message), { name });
const EMAIL = 'ada@example.com';

afterEach(() => {
  vi.resetAllMocks();
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

async function openReset() {
  const view = renderRoutes('/reset');
  await screen.findByRole('heading', { name: 'Password Reset' });
  return view;
}

async function requestCode(user = userEvent.setup()) {
  vi.mocked(resetPassword).mockResolvedValueOnce({} as never);
  await user.type(screen.getByLabelText('Email'), EMAIL);
  await user.click(button('Send Reset Code'));
  await screen.findByLabelText('Reset Code');
  return user;
}

describe('/reset', () => {
  it('shows the heading, subtitle and links', async () => {
    await openReset();
    expect(screen.getByText('Recover your account access')).toBeTruthy();
    expect(screen.getByText("Don't have an account?")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up here' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByText('Remember your password?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('step 1 validates the e-mail on change and keeps the button disabled until it is valid', async () => {
    await openReset();
    expect(button('Send Reset Code').disabled).toBe(true);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    await user.clear(screen.getByLabelText('Email'));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.queryByLabelText('Reset Code')).toBeNull();
  });

  it('moves to step 2 once the code is sent', async () => {
    await openReset();
    let finish: () => void = () => undefined;
    vi.mocked(resetPassword).mockReturnValueOnce(
      new Promise((resolve) => (finish = () => resolve({} as never))),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(button('Send Reset Code'));
    expect(((await screen.findByRole('button', { name: 'Loading...' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    finish();
    expect(await screen.findByLabelText('Reset Code')).toBeTruthy();
    expect(screen.getByLabelText('New Password')).toBeTruthy();
    expect(resetPassword).toHaveBeenCalledWith({ username: EMAIL });
    expect(toasts().getByText('Code Sent')).toBeTruthy();
    expect(toasts().getByText('Please check your email for the reset code.')).toBeTruthy();
    expect(button('Reset Password').disabled).toBe(true);
  });

  it('step 2 requires the code and a new password', async () => {
    await openReset();
    const user = await requestCode();
    await user.type(screen.getByLabelText('Reset Code'), '1');
    await user.clear(screen.getByLabelText('Reset Code'));
    expect(await screen.findByText('Enter the code sent to your email')).toBeTruthy();
    await user.type(screen.getByLabelText('New Password'), 'x');
    await user.clear(screen.getByLabelText('New Password'));
    expect(await screen.findByText('Enter a new password')).toBeTruthy();
    expect(button('Reset Password').disabled).toBe(true);
  });

  it('updates the password and goes to /login with the e-mail', async () => {
    vi.mocked(confirmResetPassword).mockResolvedValue(undefined);
    const { router } = await openReset();
    const user = await requestCode();
    await user.type(screen.getByLabelText('Reset Code'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await waitFor(() => expect(button('Reset Password').disabled).toBe(false));
    await user.click(button('Reset Password'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(confirmResetPassword).toHaveBeenCalledWith({
      username: EMAIL,
      confirmationCode: '123456',
      newPassword: 'new-password-1',
    });
    expect(toasts().getByText('Success!')).toBeTruthy();
    expect(toasts().getByText('Password Updated.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(EMAIL);
  });

  it('stays on step 1 with a Reset Failed toast when the request fails', async () => {
    vi.mocked(resetPassword).mockRejectedValue(named('LimitExceededException'));
    await openReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(button('Send Reset Code'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Reset Failed');
    expect(toast.textContent).toContain('Too many attempts. Please try again later.');
    expect(screen.queryByLabelText('Reset Code')).toBeNull();
    expect(button('Send Reset Code').disabled).toBe(false);
  });

  it('stays on step 2 when the code is wrong, with the default message when there is none', async () => {
    vi.mocked(confirmResetPassword).mockRejectedValue({});
    await openReset();
    const user = await requestCode();
    await user.type(screen.getByLabelText('Reset Code'), '000000');
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.click(button('Reset Password'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('There was a problem with your request.');
    expect(screen.getByLabelText('Reset Code')).toBeTruthy();
  });
});
