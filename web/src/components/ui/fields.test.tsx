import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Input } from './input';
import { Select } from './select';

describe('Input', () => {
  it('has the field look, the large size when asked, and a red ring when invalid', () => {
    render(
      <>
        <Input aria-label="Name" />
        <Input aria-label="Email" size="lg" aria-invalid />
      </>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' }).className;
    expect(name).toContain('ring-slate-300');
    expect(name).toContain('focus:ring-indigo-600');
    expect(name).toContain('px-3');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.className).toContain('px-3.5');
    expect(email.className).toContain('aria-[invalid=true]:ring-red-300');
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('forwards its ref and props, and takes no typing when disabled', async () => {
    const ref = createRef<HTMLInputElement>();
    const onChange = vi.fn();
    render(
      <>
        <Input ref={ref} aria-label="Code" maxLength={8} onChange={onChange} />
        <Input aria-label="Locked" disabled onChange={onChange} />
      </>,
    );
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Code' }));
    expect(ref.current?.maxLength).toBe(8);
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'ab');
    expect(onChange).toHaveBeenCalledTimes(2);
    await userEvent.type(screen.getByRole('textbox', { name: 'Locked' }), 'x');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('Select', () => {
  it('is a native select in the field look, sized to its content', async () => {
    const ref = createRef<HTMLSelectElement>();
    const onChange = vi.fn();
    render(
      <Select ref={ref} aria-label="Role" defaultValue="user" onChange={onChange}>
        <option value="admin">Admin</option>
        <option value="user">User</option>
      </Select>,
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(ref.current).toBe(select);
    expect(select.className).toContain('ring-slate-300');
    expect(select.className.split(' ')).toContain('w-auto');
    expect(select.className.split(' ')).not.toContain('w-full');
    await userEvent.selectOptions(select, 'admin');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(ref.current?.value).toBe('admin');
  });

  it('is disabled when told', () => {
    render(
      <Select aria-label="Role" disabled>
        <option>User</option>
      </Select>,
    );
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveProperty('disabled', true);
  });
});
