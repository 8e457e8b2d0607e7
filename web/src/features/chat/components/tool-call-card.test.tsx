import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToolCallCard, toolProgressText } from './tool-call-card';

describe('a tool call card', () => {
  it("shows a long call's progress as its status while it runs", () => {
    render(
      <ToolCallCard
        call={{
          id: 't1',
          name: 'index_repository',
          status: 'calling',
          input: {},
          progress: { progress: 2, total: 5, message: 'Indexing src/' },
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Running… 40% — Indexing src/');
  });

  it('says a count when the server gives no total, and nothing once the call ended', () => {
    expect(toolProgressText({ progress: 3 })).toBe('Running… 3');
    render(
      <ToolCallCard
        call={{
          id: 't1',
          name: 'index_repository',
          status: 'success',
          result: 'ok',
          progress: { progress: 5 },
        }}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
