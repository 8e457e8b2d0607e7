import type { ApiKeyView } from '@agentforge/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { queryWrapper } from '../../../testing/query';
import * as githubApi from '../../github/api/github';
import * as api from '../api/api-keys';
import * as memoryApi from '../api/memory';
import * as preferencesApi from '../api/preferences';
import { SettingsPanel } from './settings-panel';

vi.mock('../api/api-keys');
vi.mock('../api/preferences');
vi.mock('../api/memory');
vi.mock('../../github/api/github');

const OPENAI: ApiKeyView = { id: 'k1', provider: 'openai', label: 'Work key', last4: 'abcd', createdAt: 2 };
const LOCAL: ApiKeyView = {
  id: 'k2',
  provider: 'custom',
  label: 'Local model',
  baseUrl: 'http://localhost:11434/v1',
  last4: '',
  createdAt: 1,
};

async function renderPanel() {
  const onClose = vi.fn();
  const onKeysChanged = vi.fn();
  render(<SettingsPanel onClose={onClose} onKeysChanged={onKeysChanged} />, { wrapper: queryWrapper() });
  return { onClose, onKeysChanged, dialog: await screen.findByRole('dialog', { name: 'Settings' }) };
}

beforeEach(() => {
  vi.mocked(api.listApiKeys).mockResolvedValue([LOCAL, OPENAI]);
  vi.mocked(preferencesApi.getPreferences).mockResolvedValue({ theme: 'dark' });
  vi.mocked(githubApi.getGithubLink).mockResolvedValue({ linked: false });
  vi.mocked(memoryApi.getMemory).mockResolvedValue({ enabled: false, facts: [] });
});

afterEach(() => {
  vi.resetAllMocks();
});

describe('SettingsPanel', () => {
  it('lists the stored keys: provider, label, last 4 characters and base URL', async () => {
    await renderPanel();
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Work keyOpenAI•••• abcd/),
      expect.stringMatching(/^Local modelCustomhttp:\/\/localhost:11434\/v1/),
    ]);
  });

  it('adds a custom OpenAI-compatible endpoint and tells the chat', async () => {
    vi.mocked(api.createApiKey).mockResolvedValue(LOCAL);
    const { onKeysChanged, dialog } = await renderPanel();
    await userEvent.selectOptions(within(dialog).getByLabelText('Provider'), 'custom');
    await userEvent.type(within(dialog).getByLabelText('Base URL'), 'http://localhost:11434/v1');
    await userEvent.type(within(dialog).getByLabelText('Label (optional)'), 'Local model');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));

    expect(vi.mocked(api.createApiKey).mock.calls[0]?.[0]).toEqual({
      provider: 'custom',
      baseUrl: 'http://localhost:11434/v1',
      label: 'Local model',
    });
    await waitFor(() => expect(onKeysChanged).toHaveBeenCalledOnce());
    await waitFor(() => expect(api.listApiKeys).toHaveBeenCalledTimes(2));
  });

  it('checks a saved endpoint with its provider at once and shows the answer', async () => {
    vi.mocked(api.createApiKey).mockResolvedValue(LOCAL);
    vi.mocked(api.validateApiKey).mockResolvedValue({
      valid: false,
      message: 'Custom is unavailable: fetch failed',
    });
    const { dialog } = await renderPanel();
    await userEvent.selectOptions(within(dialog).getByLabelText('Provider'), 'custom');
    await userEvent.type(within(dialog).getByLabelText('Base URL'), 'http://localhost:11434/v1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));

    await waitFor(() => expect(vi.mocked(api.validateApiKey).mock.calls[0]?.[0]).toEqual({ keyId: 'k2' }));
    const form = within(dialog).getByRole('button', { name: 'Save key' }).closest('form') as HTMLElement;
    expect((await within(form).findByRole('alert')).textContent).toBe('Custom is unavailable: fetch failed');
  });

  it('keeps a key whose models cannot be listed in view, with why and a retry', async () => {
    const onRetry = vi.fn();
    render(
      <SettingsPanel
        onClose={vi.fn()}
        onKeysChanged={vi.fn()}
        providers={[
          { id: 'custom:k2', name: 'Local model', models: [], error: 'Custom is unavailable: fetch failed' },
        ]}
        onRetryProviders={onRetry}
      />,
      { wrapper: queryWrapper() },
    );
    const rows = await screen.findAllByRole('listitem');
    const local = rows.find((row) => row.textContent?.startsWith('Local model')) as HTMLElement;
    expect(within(local).getByRole('alert').textContent).toContain(
      'Not available in the chat: Custom is unavailable: fetch failed',
    );
    await userEvent.click(within(local).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    const work = rows.find((row) => row.textContent?.startsWith('Work key')) as HTMLElement;
    expect(within(work).queryByRole('alert')).toBeNull();
  });

  it('asks for what a provider needs before saving', async () => {
    const { dialog } = await renderPanel();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    expect(within(dialog).getByText('An API key is required for this provider')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText('Provider'), 'custom');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    expect(within(dialog).getByText('A base URL is required for a custom provider')).toBeTruthy();
    expect(api.createApiKey).not.toHaveBeenCalled();
  });

  it('validates credentials before they are saved, and stored keys', async () => {
    vi.mocked(api.validateApiKey)
      .mockResolvedValueOnce({ valid: false, message: 'Invalid API key' })
      .mockResolvedValueOnce({ valid: true });
    const { dialog } = await renderPanel();
    await userEvent.type(within(dialog).getByLabelText('API key'), 'sk-wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(api.validateApiKey).toHaveBeenCalledWith({ provider: 'anthropic', apiKey: 'sk-wrong' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid API key');

    const row = (await screen.findAllByRole('listitem'))[0] as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Validate Work key' }));
    expect(api.validateApiKey).toHaveBeenLastCalledWith({ keyId: 'k1' });
    expect(await within(row).findByText('✓ Valid')).toBeTruthy();
  });

  it('deletes a key after a confirmation', async () => {
    vi.mocked(api.deleteApiKey).mockResolvedValue();
    const { onKeysChanged } = await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Work key' }));
    expect(api.deleteApiKey).not.toHaveBeenCalled();
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete API key' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(vi.mocked(api.deleteApiKey).mock.calls[0]?.[0]).toBe('k1');
    await waitFor(() => expect(onKeysChanged).toHaveBeenCalledOnce());
    await waitFor(() => expect(api.listApiKeys).toHaveBeenCalledTimes(2));
  });

  it('shows why a key could not be saved', async () => {
    vi.mocked(api.createApiKey).mockRejectedValue(
      new ApiError('At most 10 custom endpoints can be stored; delete one first', { status: 409 }),
    );
    const { dialog, onKeysChanged } = await renderPanel();
    await userEvent.type(within(dialog).getByLabelText('API key'), 'sk-123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('At most 10 custom endpoints');
    expect(onKeysChanged).not.toHaveBeenCalled();
  });

  it('closes with Escape', async () => {
    const { onClose } = await renderPanel();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('saves the chat defaults new conversations start with, keeping the other preferences', async () => {
    vi.mocked(preferencesApi.savePreferences).mockImplementation(async (body) => body);
    const { dialog } = await renderPanel();
    const prompt = await within(dialog).findByLabelText('System prompt');
    await userEvent.type(prompt, 'Be brief.');
    await userEvent.type(within(dialog).getByLabelText('Temperature'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save defaults' }));
    expect(await within(dialog).findByText(/Temperature is between 0 and 2/)).toBeTruthy();
    expect(preferencesApi.savePreferences).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText('Temperature'));
    await userEvent.type(within(dialog).getByLabelText('Temperature'), '0.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save defaults' }));
    await waitFor(() =>
      expect(preferencesApi.savePreferences).toHaveBeenCalledWith({
        theme: 'dark',
        defaultSettings: { systemPrompt: 'Be brief.', temperature: 0.5 },
      }),
    );
  }, 15_000);

  it('switches to dark at once, keeps it on this device and saves it to the preferences', async () => {
    vi.mocked(preferencesApi.savePreferences).mockImplementation(async (body) => body);
    const { dialog } = await renderPanel();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('agentforge.theme')).toBe('dark');
    await waitFor(() => expect(preferencesApi.savePreferences).toHaveBeenCalledWith({ theme: 'dark' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    localStorage.clear();
  });
});
