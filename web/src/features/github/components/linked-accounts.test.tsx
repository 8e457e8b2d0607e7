import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryWrapper } from '../../../testing/query';
import * as api from '../api/github';
import { GITHUB_STATE_KEY, GITHUB_TARGET_APP_KEY } from '../utils/oauth-state';
import { LinkedAccounts } from './linked-accounts';

vi.mock('../api/github');

const STATE = 'S'.repeat(32);
const assign = vi.fn();

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  vi.resetAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('LinkedAccounts', () => {
  it("'Connect GitHub' keeps the issued state (and the server to return to) and goes to GitHub", async () => {
    vi.mocked(api.getGithubLink).mockResolvedValue({ linked: false });
    vi.mocked(api.createAuthorizeUrl).mockResolvedValue({
      url: 'https://github.test/login/oauth/authorize?state=x',
      state: STATE,
    });
    render(<LinkedAccounts targetAppId="srv-1" />, { wrapper: queryWrapper() });
    expect(await screen.findByText('Not connected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Connect GitHub' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://github.test/login/oauth/authorize?state=x'),
    );
    expect(vi.mocked(api.createAuthorizeUrl)).toHaveBeenCalledWith('srv-1');
    expect(sessionStorage.getItem(GITHUB_STATE_KEY)).toBe(STATE);
    expect(sessionStorage.getItem(GITHUB_TARGET_APP_KEY)).toBe('srv-1');
  });

  it("shows the linked username; 'Disconnect' unlinks", async () => {
    vi.mocked(api.getGithubLink).mockResolvedValueOnce({ linked: true, username: 'octocat', linkedAt: 1 });
    vi.mocked(api.getGithubLink).mockResolvedValue({ linked: false });
    vi.mocked(api.unlinkGithub).mockResolvedValue();
    render(<LinkedAccounts />, { wrapper: queryWrapper() });
    expect(await screen.findByText('Connected as octocat')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(vi.mocked(api.unlinkGithub)).toHaveBeenCalledOnce();
  });
});
