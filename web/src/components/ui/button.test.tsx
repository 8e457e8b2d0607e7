import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a type="button" secondary, medium button unless told otherwise', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('type', 'button');
    expect(button.className).toContain('ring-slate-300');
    expect(button.className).toContain('py-2');
    expect(button.className).toContain('focus-visible:outline-indigo-600');
  });

  it('applies each variant and size', () => {
    render(
      <>
        <Button variant="primary">Primary</Button>
        <Button variant="danger" size="xs">
          Danger
        </Button>
        <Button variant="strong" size="lg">
          Strong
        </Button>
        <Button variant="ghost" size="sm">
          Ghost
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Primary' }).className).toContain('bg-indigo-600');
    const danger = screen.getByRole('button', { name: 'Danger' }).className;
    expect(danger).toContain('text-red-700');
    expect(danger).toContain('text-xs');
    expect(danger).toContain('rounded-md');
    expect(danger).not.toContain('rounded-lg');
    expect(screen.getByRole('button', { name: 'Strong' }).className).toContain('bg-slate-900');
    expect(screen.getByRole('button', { name: 'Ghost' }).className).toContain('hover:bg-slate-100');
  });

  it('lets a class passed in win over the variant’s (tailwind-merge)', () => {
    render(
      <Button variant="primary" className="w-full px-4">
        Wide
      </Button>,
    );
    const classes = screen.getByRole('button', { name: 'Wide' }).className.split(' ');
    expect(classes).toContain('px-4');
    expect(classes).not.toContain('px-3');
    expect(classes).toContain('w-full');
  });

  it('forwards its ref and props, submits when asked, and does nothing when disabled', async () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    render(
      <>
        <Button ref={ref} type="submit" aria-label="Send it" data-testid="send">
          Send
        </Button>
        <Button disabled onClick={onClick}>
          Off
        </Button>
      </>,
    );
    expect(ref.current).toBe(screen.getByTestId('send'));
    expect(ref.current).toHaveProperty('type', 'submit');
    expect(screen.getByRole('button', { name: 'Send it' })).toBe(ref.current);
    const off = screen.getByRole('button', { name: 'Off' });
    expect(off).toHaveProperty('disabled', true);
    expect(off.className).toContain('disabled:opacity-50');
    await userEvent.click(off);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('styles a link as a button with asChild, rendering no <button>', () => {
    render(
      <Button asChild variant="primary">
        <a href="/pricing">See plans</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'See plans' });
    expect(link.className).toContain('bg-indigo-600');
    expect(link.getAttribute('type')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
