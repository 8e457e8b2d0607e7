import { ACCOUNT_DELETION_STEPS, type AccountDeletionJob } from '@agentforge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchUserCheck } from '../../../features/chat/api/current-user';
import { getGithubLink } from '../../../features/github/api/github';
import {
  deleteAccount,
  getAccountDeletion,
  getProfile,
  saveProfile,
} from '../../../features/profile/api/profile';
import { ApiError } from '../../../lib/api-error';
import { renderRoutes, SIGNED_IN } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth');
vi.mock('../../../features/chat/api/current-user');
vi.mock('../../../features/github/api/github');
vi.mock('../../../features/profile/api/profile');
vi.mock('../../../features/billing/api/billing');
vi.mock('../../../features/chat/api/conversations');
vi.mock('../../../features/servers/api/servers');

const USER = { isWhitelisted: false, hasCompletedOnboarding: true, email: 'ada@example.com' };
const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Engines',
  companySize: 'small',
  role: 'CTO',
};

beforeEach(() => {
  localStorage.clear();
  vi.mocked(fetchAuthSession).mockResolvedValue({} as never);
  vi.mocked(fetchUserCheck).mockResolvedValue(USER);
  vi.mocked(getGithubLink).mockResolvedValue({ linked: false });
  vi.mocked(getProfile).mockResolvedValue({ userId: 'u1', email: 'ada@example.com', profile: null });
});
afterEach(() => {
  vi.resetAllMocks();
});

describe('the profile setup overlay (over /dashboard until a profile is saved)', () => {
  it("checks each field on change, saves, says 'Profile created successfully!' and goes to /dashboard", async () => {
    vi.mocked(saveProfile).mockResolvedValue({ userId: 'u1', email: 'ada@example.com', profile: PROFILE });
    const { router } = renderRoutes('/dashboard', { auth: SIGNED_IN });
    const dialog = await screen.findByRole('dialog', { name: 'Setup profile to continue' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await userEvent.type(screen.getByLabelText('First Name'), 'A');
    await userEvent.clear(screen.getByLabelText('First Name'));
    expect(await screen.findByText('First Name is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Company Name'), 'Engines');
    await userEvent.selectOptions(screen.getByLabelText('Company Size'), '10-100');
    await userEvent.type(screen.getByLabelText('Role'), 'CTO');
    expect(save.disabled).toBe(false);
    await userEvent.click(save);

    expect(saveProfile).toHaveBeenCalledWith(PROFILE);
    expect(await screen.findByText('Profile created successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  }, 20_000);

  it('is prefilled from the Welcome Aboard answers, closes with Escape and is not offered again', async () => {
    vi.mocked(getProfile).mockResolvedValue({
      userId: 'u1',
      email: 'ada@example.com',
      profile: null,
      suggested: { role: 'CTO/Tech Lead', companySize: 'small' },
    });
    const { router } = renderRoutes('/dashboard', { auth: SIGNED_IN });
    const dialog = await screen.findByRole('dialog', { name: 'Setup profile to continue' });
    expect((within(dialog).getByLabelText('Role') as HTMLInputElement).value).toBe('CTO/Tech Lead');
    expect((within(dialog).getByLabelText('Company Size') as HTMLSelectElement).value).toBe('small');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();

    await router.navigate('/profile');
    await router.navigate('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it("offers 'Login Again' when the user info cannot be loaded", async () => {
    vi.mocked(fetchUserCheck).mockRejectedValue(new Error('down'));
    vi.mocked(signOut).mockResolvedValue();
    const { router } = renderRoutes('/dashboard', { auth: SIGNED_IN });
    expect(await screen.findByText('Failed to fetch user information. Please log in again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Login Again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
  it("says 'Authentication failed' (toast and inline) when the session is gone at submit, and a failed logout", async () => {
    vi.mocked(saveProfile).mockRejectedValue(new ApiError('Session expired', { status: 401 }));
    vi.mocked(signOut).mockRejectedValue(new Error('network down'));
    const { router } = renderRoutes('/dashboard', { auth: SIGNED_IN });
    const dialog = await screen.findByRole('dialog', { name: 'Setup profile to continue' });
    await userEvent.type(within(dialog).getByLabelText('First Name'), 'Ada');
    await userEvent.type(within(dialog).getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(within(dialog).getByLabelText('Company Name'), 'Engines');
    await userEvent.selectOptions(within(dialog).getByLabelText('Company Size'), '10-100');
    await userEvent.type(within(dialog).getByLabelText('Role'), 'CTO');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Authentication failed. Please log in again.')).toBeTruthy();
    expect(within(dialog).getByText('Authentication failed. Please log in again to continue.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login Again' }));
    expect(await screen.findByText('An error occurred during logout. Please try again.')).toBeTruthy();
    // The tokens are cleared whatever the sign-out said: this device is signed out.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  }, 20_000);
});

describe('/profile', () => {
  it('shows the profile and edits it', async () => {
    vi.mocked(getProfile).mockResolvedValue({ userId: 'u1', email: 'ada@example.com', profile: PROFILE });
    vi.mocked(saveProfile).mockResolvedValue({
      userId: 'u1',
      email: 'ada@example.com',
      profile: { ...PROFILE, role: 'CEO' },
    });
    renderRoutes('/profile', { auth: SIGNED_IN });
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Engines (10-100)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/home?feature=settings',
    );
    expect(await screen.findByRole('button', { name: 'Connect GitHub' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    await userEvent.clear(screen.getByLabelText('Role'));
    await userEvent.type(screen.getByLabelText('Role'), 'CEO');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(saveProfile).toHaveBeenCalledWith({ ...PROFILE, role: 'CEO' });
    expect(await screen.findByText('CEO')).toBeTruthy();
    expect(screen.getByText('Profile saved.')).toBeTruthy();
  });

  const job = (patch: Partial<AccountDeletionJob>): AccountDeletionJob => ({
    state: 'queued',
    stepsDone: [],
    requestedAt: '2026-11-26T00:00:00.000Z',
    updatedAt: '2026-11-26T00:00:00.000Z',
    ...patch,
  });

  async function confirmDeletion() {
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Type ada@example.com to confirm'), 'ada@example.co');
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Type ada@example.com to confirm'), 'm');
    await userEvent.click(confirm);
    return dialog;
  }

  it('deletes the account only once the e-mail is typed, shows the job step by step, then signs out', async () => {
    vi.mocked(deleteAccount).mockResolvedValue(job({}));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.mocked(getAccountDeletion)
      .mockResolvedValueOnce(
        job({ state: 'running', step: 'conversations', stepsDone: ['teams', 'servers'] }),
      )
      .mockImplementation(async () => {
        await held;
        return job({ state: 'done', stepsDone: [...ACCOUNT_DELETION_STEPS] });
      });
    vi.mocked(signOut).mockResolvedValue();
    const { router } = renderRoutes('/profile', { auth: SIGNED_IN });
    const dialog = await confirmDeletion();
    expect(deleteAccount).toHaveBeenCalledWith('ada@example.com');

    const steps = await within(dialog).findByRole('list', { name: 'Deletion steps' });
    await waitFor(() =>
      expect(within(steps).getByText('Conversations and files').parentElement?.textContent).toContain(
        'In progress',
      ),
    );
    expect(within(steps).getByText('MCP servers').parentElement?.textContent).toContain('Done');
    expect(within(steps).getByText('Sign-in').parentElement?.textContent).toContain('Waiting');
    expect(within(dialog).getByRole('status').textContent).toContain('Deleting your account.');
    // Under way, it cannot be closed and forgotten.
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(signOut).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5_000 });
    expect(signOut).toHaveBeenCalled();
  }, 20_000);

  it('says at which step a failed job stopped, and deleting again starts it anew', async () => {
    vi.mocked(deleteAccount).mockResolvedValue(job({}));
    vi.mocked(getAccountDeletion).mockResolvedValue(
      job({
        state: 'failed',
        step: 'data',
        stepsDone: ['teams', 'servers', 'conversations', 'github'],
        error: 'Failed to delete your account. Please try again.',
      }),
    );
    renderRoutes('/profile', { auth: SIGNED_IN });
    const dialog = await confirmDeletion();
    expect(
      await within(dialog).findByText(
        'Deleting your account stopped at "Keys, usage and settings": Failed to delete your account. Please try again.',
      ),
    ).toBeTruthy();
    const again = within(dialog).getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    await userEvent.click(again);
    expect(deleteAccount).toHaveBeenCalledTimes(2);
    expect(signOut).not.toHaveBeenCalled();
  }, 20_000);
});
