import { act, renderHook, waitFor } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { loadOnce } from '../../lib/load-once';
import { useLazySchemaForm } from './use-lazy-schema-form';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  city: z.string().min(2, 'Too short'),
});
const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe('useLazySchemaForm', () => {
  it('shows the first message of the fields changed, all of them once a submit was tried', async () => {
    const loadSchema = loadOnce(async () => schema);
    const onValid = vi.fn(async () => undefined);
    const { result } = renderHook(() =>
      useLazySchemaForm({ loadSchema, defaultValues: { name: '', city: '' } }),
    );
    expect(result.current.isValid).toBe(false);
    act(() => result.current.field('city').onChange(typed('a')));
    await waitFor(() => expect(result.current.errors).toEqual({ city: 'Too short' }));
    await act(() => result.current.handleSubmit(onValid)({ preventDefault() {} } as never));
    expect(result.current.errors).toEqual({ name: 'Name is required', city: 'Too short' });
    expect(onValid).not.toHaveBeenCalled();
    act(() => result.current.field('name').onChange(typed('Ada')));
    act(() => result.current.field('city').onChange(typed('Oslo')));
    expect(result.current.isValid).toBe(true);
    await act(() => result.current.handleSubmit(onValid)({ preventDefault() {} } as never));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', city: 'Oslo' });
  });

  it('asks again for a schema that failed to load on the next change', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(schema);
    const loadSchema = loadOnce(load as () => Promise<typeof schema>);
    const { result } = renderHook(() =>
      useLazySchemaForm({ loadSchema, defaultValues: { name: 'Ada', city: 'Oslo' } }),
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(result.current.isValid).toBe(false);
    act(() => result.current.field('name').onChange(typed('Ada L')));
    await waitFor(() => expect(result.current.isValid).toBe(true));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('validates at once in a form opened after the schema has loaded', async () => {
    const loadSchema = loadOnce(async () => schema);
    await loadSchema();
    const { result } = renderHook(() =>
      useLazySchemaForm({ loadSchema, defaultValues: { name: 'Ada', city: 'Oslo' } }),
    );
    expect(result.current.isValid).toBe(true);
  });
});
