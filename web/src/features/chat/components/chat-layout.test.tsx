import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerChatApi,
  ChatHarness,
  conversation,
  openAccountMenu,
  readyProviders as ready,
} from '../../../testing/chat-fixture';
import { teamSummary } from '../../../testing/teams-fixture';
import * as preferencesApi from '../../settings/api/preferences';
import { listTeams } from '../../teams/api/teams';
import { setSpaceTeamId } from '../../teams/utils/space';
import * as conversationsApi from '../api/conversations';
import * as messagesApi from '../api/messages';
import { streamReply } from '../api/stream-client';
import { ChatScreen } from './chat-screen';

vi.mock('../api/conversations');
vi.mock('../api/messages');
vi.mock('../api/stream-client');
vi.mock('../../settings/api/preferences');
vi.mock('../../teams/api/teams');

function renderChat(props: Partial<Parameters<typeof ChatScreen>[0]> = {}) {
  return render(
    <ChatHarness>
      <ChatScreen
        providers={ready()}
        email="ada@example.com"
        hasUser
        onOpenSettings={vi.fn()}
        onSignOut={vi.fn()}
        signingOut={false}
        {...props}
      />
    </ChatHarness>,
  );
}

const composer = () => screen.getByRole('textbox', { name: 'Message' });
const title = (id: string) => screen.getByRole('button', { name: `Chat ${id}` });
const list = () => within(screen.getByRole('navigation', { name: 'Conversations' }));

/** Renders the chat with these conversations listed. */
async function withChats(...ids: string[]) {
  vi.mocked(conversationsApi.listConversations).mockResolvedValue(ids.map((id) => conversation(id)));
  renderChat();
  await screen.findByRole('button', { name: `Chat ${ids[0]}` });
}

beforeEach(() => {
  answerChatApi({ conversations: conversationsApi, messages: messagesApi, streamReply }, () => {});
  vi.mocked(preferencesApi.getPreferences).mockResolvedValue({});
  vi.mocked(listTeams).mockResolvedValue({ teams: [] });
});

afterEach(() => {
  vi.resetAllMocks();
  setSpaceTeamId(undefined);
});

describe('the account menu', { timeout: 20_000 }, () => {
  it("holds the pages and dialogs that were a column under the list, behind the e-mail's button", async () => {
    const onOpenSettings = vi.fn();
    const onOpenSubscription = vi.fn();
    renderChat({ onOpenSettings, onOpenSubscription });
    await screen.findByText('No conversations yet.');
    expect(screen.queryByRole('link', { name: 'Teams' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();

    const menu = await openAccountMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Code workspace',
      'Prompt library',
      'Teams',
      'Dashboard',
      'Profile',
      'Activity log',
      'Settings',
      'Subscription',
      'Keyboard shortcuts?',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Activity log' }).getAttribute('href')).toBe('/audit');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(onOpenSettings).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Account: ada@example.com' })).toBeTruthy();
  });
});

describe('the sidebar', { timeout: 20_000 }, () => {
  it('links to the Automations and Knowledge pages above the account menu', async () => {
    renderChat();
    await screen.findByText('No conversations yet.');
    expect(screen.getByRole('link', { name: 'Automations' }).getAttribute('href')).toBe('/automations');
    expect(screen.getByRole('link', { name: 'Knowledge' }).getAttribute('href')).toBe('/knowledge');
  });
});

describe('a conversation row', { timeout: 20_000 }, () => {
  it('gives the title the whole row: the actions are laid over its end when hovered or focused', async () => {
    await withChats('c1');
    // No right padding kept for the actions (it was pr-32, 128 px of every title).
    expect(title('c1').className).not.toMatch(/\bpr-\d/);
    const actions = screen.getByRole('button', { name: 'Delete conversation Chat c1' }).parentElement;
    expect(actions?.className).toMatch(/\babsolute\b/);
    expect(actions?.className).toMatch(/\bopacity-0\b.*group-focus-within:opacity-100/);
  });
});

describe('the conversation list by keyboard', { timeout: 20_000 }, () => {
  it('is one Tab stop: the arrow keys move between rows and into a row’s actions', async () => {
    await withChats('c3', 'c2', 'c1');
    const stops = list()
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(stops).toEqual([title('c3')]);

    title('c3').focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(title('c2'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(title('c1'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(title('c3'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pin conversation Chat c3' }));
    // Tab leaves the list: the next stops are the Automations and Knowledge links and the account menu.
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Automations' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Knowledge' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Account/ }));
    // Back in, the stop is where the focus was.
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pin conversation Chat c3' }));
  });

  it('gives the focus to the next row after a delete, and to the list after the last one', async () => {
    vi.mocked(conversationsApi.deleteConversation).mockResolvedValue();
    await withChats('c3', 'c2', 'c1');
    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation Chat c2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.activeElement).toBe(title('c1')));

    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation Chat c1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.activeElement).toBe(title('c3')));

    await userEvent.click(screen.getByRole('button', { name: 'Delete conversation Chat c3' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText('No conversations yet.');
    await waitFor(() => expect(document.activeElement).toBe(list().getByRole('list')));
  });

  it('gives the focus back to the row after renaming by Enter or Escape', async () => {
    vi.mocked(conversationsApi.renameConversation).mockResolvedValue();
    await withChats('c1');
    await userEvent.click(screen.getByRole('button', { name: 'Rename conversation Chat c1' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(title('c1')));
    await userEvent.click(screen.getByRole('button', { name: 'Rename conversation Chat c1' }));
    await userEvent.keyboard('Renamed{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Renamed' })));
  });

  it("gives the focus back to a row's menu button after saving its Model settings", async () => {
    vi.mocked(conversationsApi.updateConversationSettings).mockResolvedValue();
    await withChats('c1');
    const more = screen.getByRole('button', { name: 'More actions for conversation Chat c1' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Model settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Model settings' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(more));
  });
});

describe('focus and shortcuts', { timeout: 20_000 }, () => {
  it("puts the focus in the message box after 'New Chat', and the skip link goes there too", async () => {
    await withChats('c1');
    await userEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    await waitFor(() => expect(document.activeElement).toBe(composer()));

    (document.activeElement as HTMLElement).blur();
    await userEvent.tab();
    const skip = screen.getByRole('button', { name: 'Skip to the message box' });
    expect(document.activeElement).toBe(skip);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(composer()));
  });

  it('has the shortcuts peers have, listed by ?, and leaves the keys alone while typing', async () => {
    await withChats('c1');
    await userEvent.click(title('c1'));
    await userEvent.keyboard('{Shift>}{Escape}{/Shift}');
    await waitFor(() => expect(document.activeElement).toBe(composer()));
    await userEvent.keyboard('?');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((composer() as HTMLTextAreaElement).value).toBe('?');

    await userEvent.keyboard('{Control>}k{/Control}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search conversations' })),
    );
    await userEvent.keyboard('{Control>}{Shift>}o{/Shift}{/Control}');
    await waitFor(() => expect(document.activeElement).toBe(composer()));
    expect(title('c1').getAttribute('aria-current')).toBeNull();

    await userEvent.keyboard('{Control>}{Shift>}s{/Shift}{/Control}');
    expect(screen.getByRole('complementary').className).toMatch(/\bmd:hidden\b/);
    await userEvent.keyboard('{Control>}{Shift>}s{/Shift}{/Control}');
    expect(screen.getByRole('complementary').className).not.toMatch(/\bmd:hidden\b/);

    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const line of [
      'New chat',
      'Search conversations',
      'Focus the message box',
      'Show or hide the sidebar',
    ]) {
      expect(within(dialog).getByText(line)).toBeTruthy();
    }
  });

  it("closes the phone's drawer when a dialog opens from it", async () => {
    await withChats('c1');
    await userEvent.click(screen.getByRole('button', { name: 'Open sidebar' }));
    expect(screen.getByRole('complementary').className).toMatch(/\btranslate-x-0\b/);
    await userEvent.click(
      within(await openAccountMenu()).getByRole('menuitem', { name: /Keyboard shortcuts/ }),
    );
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await waitFor(() =>
      expect(screen.getByRole('complementary', { hidden: true }).className).toMatch(/-translate-x-full/),
    );
    expect(screen.queryByRole('button', { name: 'Close sidebar', hidden: true })).toBeNull();
  });
});

describe('the active space', { timeout: 20_000 }, () => {
  it('is in the top bar, scopes the conversation list, and every create says where it creates', async () => {
    vi.mocked(listTeams).mockResolvedValue({ teams: [teamSummary('admin')] });
    vi.mocked(conversationsApi.listConversations).mockResolvedValue([
      conversation('mine'),
      conversation('team', { teamId: 't1' }),
    ]);
    renderChat();
    const space = (await screen.findByRole('combobox', { name: 'Space' })) as HTMLSelectElement;
    expect(screen.getByRole('banner').contains(space)).toBe(true);
    expect(space.selectedOptions[0]?.textContent).toBe('Personal');
    await screen.findByRole('button', { name: 'Chat mine' });
    expect(screen.queryByRole('button', { name: 'Chat team' })).toBeNull();
    const newChat = screen.getByRole('button', { name: 'New Chat' });
    expect(newChat.textContent).toContain('in Personal');
    expect(newChat.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(newChat.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Creates it in your personal space',
    );

    await userEvent.selectOptions(space, 'Platform');
    await screen.findByRole('button', { name: 'Chat team' });
    expect(screen.queryByRole('button', { name: 'Chat mine' })).toBeNull();
    expect(newChat.textContent).toContain('in Platform');
    await act(async () => {});
  });
});
