import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchUserCheck } from '../../../features/chat/api/current-user';
import { submitOnboarding } from '../../../features/onboarding/api/onboarding';
import { saveWaitlistInfo } from '../../../features/onboarding/api/waitlist';
import { ApiError } from '../../../lib/api-error';
import { renderRoutes, SIGNED_IN } from '../../../testing/render-routes';

vi.mock('aws-amplify/auth');
vi.mock('../../../features/chat/api/current-user');
vi.mock('../../../features/onboarding/api/onboarding');
vi.mock('../../../features/onboarding/api/waitlist');
vi.mock('../../../features/chat/api/conversations');
vi.mock('../../../features/chat/api/providers');
vi.mock('../../../features/settings/api/api-keys');
vi.mock('../../../features/servers/api/servers');

const NEW_USER = { isWhitelisted: false, hasCompletedOnboarding: false, email: 'ada@example.com' };

beforeEach(() => {
  vi.mocked(fetchAuthSession).mockResolvedValue({} as never);
  vi.mocked(fetchUserCheck).mockResolvedValue(NEW_USER);
});
afterEach(() => {
  vi.resetAllMocks();
});

const alert = () => screen.findByRole('alert');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('/onboarding', () => {
  it.each(['/home', '/dashboard', '/teams', '/audit', '/workspace'])(
    'is where %s sends a user who is neither whitelisted nor onboarded',
    async (path) => {
      const { router } = renderRoutes(path, { auth: SIGNED_IN });
      expect(await screen.findByRole('heading', { name: 'Welcome Aboard' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/onboarding');
    },
  );

  it('leaves joining a team (an invitation admits) to a waitlisted user, not the product', async () => {
    vi.mocked(fetchUserCheck).mockResolvedValue({
      ...NEW_USER,
      hasCompletedOnboarding: true,
      access: 'waitlisted',
    });
    const { router } = renderRoutes('/teams/join', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: 'Join a team' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/teams/join');
    await router.navigate('/dashboard');
    expect(await screen.findByRole('heading', { name: "You're on the waitlist" })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it.each([
    { isWhitelisted: true, hasCompletedOnboarding: false },
    { isWhitelisted: false, hasCompletedOnboarding: true },
  ])('sends a user who may skip it to /home (%o)', async (flags) => {
    vi.mocked(fetchUserCheck).mockResolvedValue({ ...NEW_USER, ...flags });
    const { router } = renderRoutes('/onboarding', { auth: SIGNED_IN });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it("checks the rules in the spec's order with its messages, then posts the payload and goes home", async () => {
    let finish: (value: typeof NEW_USER) => void = () => undefined;
    vi.mocked(submitOnboarding).mockReturnValue(
      new Promise((resolve) => {
        finish = resolve;
      }),
    );
    const { router } = renderRoutes('/onboarding', { auth: SIGNED_IN });
    const email = await screen.findByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('ada@example.com');

    await submit();
    expect((await alert()).textContent).toBe('Please select your role');
    await userEvent.selectOptions(screen.getByLabelText("What's your role?"), 'Other');
    await submit();
    expect((await alert()).textContent).toBe('Please specify your role');
    await userEvent.type(screen.getByLabelText('Your role'), 'Researcher');
    await submit();
    expect((await alert()).textContent).toBe('Please select your team size');
    await userEvent.selectOptions(screen.getByLabelText('Team size'), '2-5 people');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await submit();
    expect((await alert()).textContent).toBe('Please enter a valid email address');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@example.com');
    await userEvent.type(screen.getByLabelText('What do you want to build?'), '  short  ');
    await submit();
    expect((await alert()).textContent).toBe('Please tell us what you want to build with AgentForge.');
    expect(submitOnboarding).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('What do you want to build?'), 'an agent for my invoices');
    await submit();
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    expect(submitOnboarding).toHaveBeenCalledWith({
      userRole: 'Researcher',
      companySize: '2-5 people',
      email: 'ada@example.com',
      useCase: '',
      challengeToSolve: 'short  an agent for my invoices',
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    finish({ ...NEW_USER, hasCompletedOnboarding: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows the failure text when the submit fails', async () => {
    vi.mocked(submitOnboarding).mockRejectedValue(new ApiError('down', { status: 500 }));
    renderRoutes('/onboarding', { auth: SIGNED_IN });
    await userEvent.selectOptions(await screen.findByLabelText("What's your role?"), 'Designer');
    await userEvent.selectOptions(screen.getByLabelText('Team size'), 'Just me');
    await userEvent.selectOptions(screen.getByLabelText('What will you use it for? (optional)'), 'build_mvp');
    await userEvent.type(screen.getByLabelText('What do you want to build?'), 'A portfolio builder');
    await submit();
    expect((await alert()).textContent).toBe('Failed to submit your information. Please try again.');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('shows the waitlist status to an onboarded user who is not admitted, and lets them in once admitted', async () => {
    const WAITING = { ...NEW_USER, hasCompletedOnboarding: true, access: 'waitlisted' as const };
    vi.mocked(fetchUserCheck).mockResolvedValue(WAITING);
    vi.mocked(saveWaitlistInfo).mockResolvedValue({ access: 'waitlisted' });
    const { router } = renderRoutes('/home', { auth: SIGNED_IN });
    expect(await screen.findByRole('heading', { name: "You're on the waitlist" })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByText(/We will e-mail ada@example.com/)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('How did you hear about us? (optional)'), 'a friend');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thanks, we have noted it.')).toBeTruthy();
    expect(saveWaitlistInfo).toHaveBeenCalledWith({ referralSource: 'a friend' });

    vi.mocked(fetchUserCheck).mockResolvedValue({ ...WAITING, access: 'granted' });
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('stays on the waitlist status after onboarding on a waitlist stage', async () => {
    vi.mocked(submitOnboarding).mockResolvedValue({
      ...NEW_USER,
      hasCompletedOnboarding: true,
      access: 'waitlisted',
    });
    renderRoutes('/onboarding', { auth: SIGNED_IN });
    await userEvent.selectOptions(await screen.findByLabelText("What's your role?"), 'Designer');
    await userEvent.selectOptions(screen.getByLabelText('Team size'), 'Just me');
    await userEvent.type(screen.getByLabelText('What do you want to build?'), 'A portfolio builder');
    await submit();
    expect(await screen.findByRole('heading', { name: "You're on the waitlist" })).toBeTruthy();
  });
});
