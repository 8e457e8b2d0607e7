import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findSsoProvider, signInWithSso } from '../api/sso';
import { SsoSignIn } from './sso-sign-in';

vi.mock('../api/sso', async (original) => ({
  ...(await original<typeof import('../api/sso')>()),
  findSsoProvider: vi.fn(),
  signInWithSso: vi.fn(),
}));

afterEach(() => vi.resetAllMocks());

function open(from?: string) {
  render(
    <MemoryRouter
      initialEntries={[{ pathname: '/login', state: from ? { from: { pathname: from } } : null }]}
    >
      <SsoSignIn />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe("'Sign in with SSO'", () => {
  it("asks for the work e-mail, then goes to its team's provider with the 'from' location", async () => {
    vi.mocked(findSsoProvider).mockResolvedValue('team-01jabcdefghjkmnpqrstvwxyz0');
    vi.mocked(signInWithSso).mockReturnValue(new Promise(() => {}));
    const user = open('/workspace');
    await user.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
    const submit = screen.getByRole('button', { name: 'Continue with SSO' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('Work email'), 'ada@acme.example');
    await user.click(submit);
    expect(findSsoProvider).toHaveBeenCalledWith('ada@acme.example');
    expect(signInWithSso).toHaveBeenCalledWith('team-01jabcdefghjkmnpqrstvwxyz0', '/workspace');
  });

  it('says so when the domain has no single sign-on, and typing clears it', async () => {
    vi.mocked(findSsoProvider).mockResolvedValue(undefined);
    const user = open();
    await user.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
    await user.type(screen.getByLabelText('Work email'), 'ada@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await screen.findByText(/No single sign-on is set up for this e-mail domain/);
    expect(signInWithSso).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Work email'), 'x');
    expect(screen.queryByText(/No single sign-on is set up/)).toBeNull();
  });
});
