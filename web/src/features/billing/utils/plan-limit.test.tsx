import { PLAN_LIMIT_ERROR_CODE } from '@agentforge/shared';
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toast/toaster';
import { resetToaster } from '../../../components/toast/toaster-store';
import { StreamError } from '../../chat/api/stream-error';
import { toastPlanLimit } from './plan-limit';

afterEach(() => resetToaster());

const renderToaster = () =>
  render(
    <MemoryRouter>
      <Toaster />
    </MemoryRouter>,
  );

describe('toastPlanLimit', () => {
  it("toasts an agent stream's plan-limit refusal with its message and Upgrade Plan", () => {
    renderToaster();
    const limit = 'Daily token limit reached (Free plan: 10,000 tokens per day).';
    let shown = false;
    act(() => {
      shown = toastPlanLimit(
        'Plan limit reached',
        new StreamError('HTTP 429', 'http', { status: 429, apiMessage: limit, code: PLAN_LIMIT_ERROR_CODE }),
      );
    });
    expect(shown).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain(limit);
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/pricing');
  });

  it('leaves other errors alone', () => {
    renderToaster();
    let shown = true;
    act(() => {
      shown = toastPlanLimit('Plan limit reached', new StreamError('HTTP 500', 'http', { status: 500 }));
    });
    expect(shown).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
