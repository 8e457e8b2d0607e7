import type { ToolApproval } from '@agentforge/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToolApprovalCard } from './tool-approval-card';

const PENDING: ToolApproval = {
  toolCallId: 'call-1',
  name: 'write_file',
  input: { path: 'notes.md', content: '<img src=x onerror="alert(1)">' },
  serverId: 's1',
  state: 'pending',
};

describe('ToolApprovalCard', () => {
  it('shows the call and its arguments as text, never as markup, and decides by keyboard', async () => {
    const onDecide = vi.fn();
    const { container } = render(<ToolApprovalCard approval={PENDING} onDecide={onDecide} />);
    expect(screen.getByRole('region', { name: 'Allow the tool write_file?' })).toBeTruthy();
    expect(container.querySelector('pre')?.textContent).toBe(JSON.stringify(PENDING.input, null, 2));
    expect(container.querySelector('img')).toBeNull();

    screen.getByRole('button', { name: 'Allow once' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(onDecide.mock.calls).toEqual([['allow_once'], ['always_allow'], ['deny']]);
  });

  it('offers only Allow once and Deny, and says why, to who may not change the server’s approvals', async () => {
    const onDecide = vi.fn();
    render(<ToolApprovalCard approval={PENDING} onDecide={onDecide} alwaysAllow={false} />);
    expect(screen.queryByRole('button', { name: 'Always allow' })).toBeNull();
    expect(screen.getByText("Only the team's Admins can always allow this server's tools.")).toBeTruthy();
    screen.getByRole('button', { name: 'Allow once' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deny' }));
    await userEvent.keyboard('{Enter}');
    expect(onDecide.mock.calls).toEqual([['deny']]);
  });

  it('shows the decision once made, with nothing left to click', () => {
    render(<ToolApprovalCard approval={{ ...PENDING, state: 'deny', decidedAt: 1 }} onDecide={vi.fn()} />);
    expect(screen.getByText('Denied')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull();
  });

  it('says a call left undecided when a later message answered instead', () => {
    render(<ToolApprovalCard approval={PENDING} />);
    expect(screen.getByText('Not decided: a later message answered instead.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
