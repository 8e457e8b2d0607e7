import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_FRAME_MS, DemoVideos } from './demo-videos';

afterEach(() => vi.useRealTimers());

describe('DemoVideos', () => {
  it('steps through the deploy demo in a loop, and holds still when paused', async () => {
    vi.useFakeTimers();
    render(<DemoVideos />);
    expect(screen.getByText('Defined')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(DEMO_FRAME_MS * 3));
    expect(screen.getAllByText('Running').length).toBeGreaterThan(0);
    await act(async () => vi.advanceTimersByTime(DEMO_FRAME_MS * 2));
    expect(screen.getByText('✓ echo → Echo: hello, tools')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(DEMO_FRAME_MS));
    expect(screen.getByText('Defined')).toBeTruthy(); // looped

    act(() => screen.getByRole('button', { name: 'Pause demo: Deploy an MCP server in one click' }).click());
    await act(async () => vi.advanceTimersByTime(DEMO_FRAME_MS * 4));
    expect(screen.getByText('Defined')).toBeTruthy();
  });

  it('shows the last frame, still, to users who prefer reduced motion', () => {
    const matchMedia = vi.fn(() => ({ matches: true }));
    vi.stubGlobal('matchMedia', matchMedia);
    render(<DemoVideos />);
    expect(screen.getByText('The server answered: “hello, tools”.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play demo: Deploy an MCP server in one click' })).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
