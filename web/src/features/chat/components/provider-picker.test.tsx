import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProviderPicker } from './provider-picker';

const PROVIDERS = [
  { id: 'openai', name: 'OpenAI', models: [{ id: 'gpt-5', name: 'GPT-5' }] },
  { id: 'custom:k2', name: 'Local model', models: [], error: 'Custom is unavailable: fetch failed' },
];

describe('ProviderPicker', () => {
  it('lists each provider with its models, and one whose models cannot be listed with why', async () => {
    const onChoose = vi.fn();
    render(
      <ProviderPicker
        status="ready"
        providers={PROVIDERS}
        choice={{ provider: 'openai', model: 'gpt-5' }}
        onChoose={onChoose}
        onRetry={vi.fn()}
        onAddProvider={vi.fn()}
      />,
    );
    const trigger = screen.getByRole('button', { name: /GPT-5/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Unavailable: Custom is unavailable: fetch failed')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['GPT-5']);
    await userEvent.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith({ provider: 'openai', model: 'gpt-5' });
  });
});
