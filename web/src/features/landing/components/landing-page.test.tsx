import { CHAT_MESSAGES, PRODUCT_NAME } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCurrentUser } from 'aws-amplify/auth';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRouter } from '../../../testing/test-router';
import { EXAMPLE_PROMPTS, MODEL_TILES } from '../landing-content';
import { LandingPage } from './landing-page';

vi.mock('aws-amplify/auth', () => ({ getCurrentUser: vi.fn() }));

const getCurrentUserMock = vi.mocked(getCurrentUser);
const USER = { username: 'ada@example.com', userId: 'user-1' };

function signedIn() {
  getCurrentUserMock.mockResolvedValue(USER);
}

function signedOut() {
  getCurrentUserMock.mockRejectedValue(new Error('UserUnAuthenticatedException'));
}

function renderLanding() {
  const { router, withRouter } = testRouter('/');
  const view = render(
    withRouter(
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/home" element={<h1>Home screen</h1>} />
        <Route path="/login" element={<h1>Login screen</h1>} />
        <Route path="/signup" element={<h1>Signup screen</h1>} />
      </Routes>,
    ),
  );
  return { router, user: userEvent.setup(), ...view };
}

/** Renders the page for a guest and waits for the session check, then the sections after the hero. */
async function renderForGuest() {
  signedOut();
  const rendered = renderLanding();
  await screen.findByRole('heading', { level: 1, name: 'AI Agent Platform' });
  await screen.findByRole('contentinfo');
  return rendered;
}

function chatTextarea(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: 'Your question or prompt' }) as HTMLTextAreaElement;
}

afterEach(() => {
  vi.resetAllMocks();
});

describe('LandingPage', () => {
  it('renders nothing while the session check is pending', async () => {
    getCurrentUserMock.mockReturnValue(new Promise(() => undefined));
    const { container } = renderLanding();
    // The identity library is loaded on demand: the check starts once it is.
    await waitFor(() => expect(getCurrentUserMock).toHaveBeenCalled());
    expect(container.innerHTML).toBe('');
  });

  it('redirects a signed-in visitor to /home, replacing the history entry', async () => {
    signedIn();
    const { router } = renderLanding();
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a guest the hero and the Sign In and Get Started links', async () => {
    await renderForGuest();
    expect(screen.getByText('Create Your Own AI Agent with MCP Servers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: PRODUCT_NAME }).getAttribute('href')).toBe('/');
  });

  it('sizes the chat textarea as the spec says', async () => {
    await renderForGuest();
    const textarea = chatTextarea();
    expect(textarea.rows).toBe(3);
    expect(textarea.style.minHeight).toBe('80px');
    expect(textarea.style.maxHeight).toBe('200px');
  });

  it('asks for a prompt and focuses the textarea when Send is pressed with only whitespace', async () => {
    const { user, router } = await renderForGuest();
    await user.type(chatTextarea(), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(chatTextarea().placeholder).toBe(CHAT_MESSAGES.emptyLandingPrompt);
    expect(chatTextarea().placeholder).toBe('Please enter a question or prompt first...');
    expect(document.activeElement).toBe(chatTextarea());
    expect(router.state.location.pathname).toBe('/');
  });

  it('fills the textarea with a clicked example prompt', async () => {
    const { user } = await renderForGuest();
    expect(EXAMPLE_PROMPTS).toHaveLength(5);
    const [, second] = EXAMPLE_PROMPTS;
    await user.click(screen.getByRole('button', { name: second }));
    expect(chatTextarea().value).toBe(second);
  });

  it('sends a signed-out visitor with a prompt to /login, without the text', async () => {
    const { user, router } = await renderForGuest();
    await user.type(chatTextarea(), 'Summarize my repo');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('sends a visitor who signed in meanwhile to /home when they press Send', async () => {
    const { user, router } = await renderForGuest();
    await user.type(chatTextarea(), 'Summarize my repo');
    signedIn();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends with Enter, but Shift+Enter only starts a new line', async () => {
    const { user, router } = await renderForGuest();
    await user.type(chatTextarea(), 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(chatTextarea().value).toBe('Line one\nline two');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('plays two demo animations that loop and pause, and shows the bundled model marks', async () => {
    const { user } = await renderForGuest();
    expect(screen.queryByTitle(/^Demo video:/)).toBeNull(); // no third-party player
    const pause = screen.getByRole('button', { name: 'Pause demo: Deploy an MCP server in one click' });
    expect(screen.getByRole('button', { name: 'Pause demo: Chat with multiple models' })).toBeTruthy();
    await user.click(pause);
    expect(screen.getByRole('button', { name: 'Play demo: Deploy an MCP server in one click' })).toBeTruthy();

    const tiles = MODEL_TILES.map((tile) => tile.name);
    expect(tiles).toEqual(['Claude', 'GPT-4', 'Gemini', 'Llama', 'Mistral', 'Custom']);
    for (const name of tiles) expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    const logos = screen.getAllByRole('img', { name: /logo$/ });
    expect(logos).toHaveLength(5);
    // Drawn in the page: nothing is fetched from outside.
    for (const logo of logos) expect(logo.getAttribute('src')).toBeNull();
    expect(logos.filter((logo) => logo.querySelector('path')?.getAttribute('d'))).toHaveLength(4);
  });

  it('shows the three steps, the team dashboard mock and three capability cards', async () => {
    await renderForGuest();
    const steps = within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(screen.getAllByText('Admin').length).toBeGreaterThan(0);
    expect(screen.getAllByText('User').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Manage' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Configure' }).length).toBeGreaterThan(0);
    const features = screen.getByRole('region', { name: 'Everything your agents need' });
    expect(within(features).getAllByRole('article')).toHaveLength(3);
  });

  it('shows the current year and the product name in the footer', async () => {
    await renderForGuest();
    const footer = screen.getByRole('contentinfo');
    const year = new Date().getFullYear();
    expect(within(footer).getByText(`© ${year} ${PRODUCT_NAME}. All rights reserved.`)).toBeTruthy();
    for (const name of ['Features', 'Pricing', 'Documentation', 'Blog', 'Terms', 'Privacy', 'GitHub']) {
      expect(within(footer).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('goes to /signup from Start Free Trial', async () => {
    const { user, router } = await renderForGuest();
    await user.click(screen.getByRole('link', { name: 'Start Free Trial' }));
    expect(await screen.findByRole('heading', { name: 'Signup screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('goes to /login from Schedule Demo', async () => {
    const { user, router } = await renderForGuest();
    await user.click(screen.getByRole('link', { name: 'Schedule Demo' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
