import { ATTACHMENT_INPUT_MESSAGES, ATTACHMENT_MESSAGES } from '@agentforge/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAttachmentUploads } from './use-attachment-uploads';

/** The file checks' import: fails while `fail`, else waits for `release`. */
const checks = vi.hoisted(() => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { fail: true, imports: 0, gate, release: () => release() };
});
vi.mock('../utils/picked-files', async (importOriginal) => {
  checks.imports += 1;
  if (checks.fail) throw new Error('Failed to fetch dynamically imported module');
  await checks.gate;
  return importOriginal();
});
vi.mock('../api/attachments', () => ({ createUpload: vi.fn(), putFile: vi.fn() }));

const text = (name: string) => new File(['hi'], name, { type: 'text/plain' });
const names = (files: readonly { file: File }[]) => files.map((item) => item.file.name);

// In this order: the checks' module is loaded once per test file, by the first pick that gets it.
describe('useAttachmentUploads: the file checks load with the first file picked', () => {
  it('says so when the checks cannot be loaded', async () => {
    const { result } = renderHook(() => useAttachmentUploads(null));
    act(() => result.current.add([text('a.txt')]));
    await waitFor(() => expect(result.current.notice).toBe(ATTACHMENT_INPUT_MESSAGES.pickFailed));
    expect(result.current.files).toEqual([]);
  });

  it('loads them again on the next pick; two picks made while they load keep their order and five files', async () => {
    checks.fail = false;
    const { result } = renderHook(() => useAttachmentUploads(null));
    act(() => {
      result.current.add([text('1.txt'), text('2.txt'), text('3.txt')]);
      result.current.add([text('4.txt'), new File(['MZ'], 'tool.exe'), text('5.txt'), text('6.txt')]);
    });
    await waitFor(() => expect(checks.imports).toBe(2));
    expect(result.current.files).toEqual([]);
    checks.release();
    await waitFor(() => expect(result.current.files).toHaveLength(5));
    expect(names(result.current.files)).toEqual(['1.txt', '2.txt', '3.txt', '4.txt', '5.txt']);
    expect(result.current.notice).toBe(
      `${ATTACHMENT_MESSAGES.unsupportedType('tool.exe')} ${ATTACHMENT_MESSAGES.tooMany}`,
    );
  });

  it('checks a pick at once they are loaded: no room past five', async () => {
    const { result } = renderHook(() => useAttachmentUploads(null));
    act(() => result.current.add(['1', '2', '3', '4'].map((n) => text(`${n}.txt`))));
    await waitFor(() => expect(result.current.files).toHaveLength(4));
    act(() => {
      result.current.add([text('5.txt')]);
      result.current.add([text('6.txt')]);
    });
    await waitFor(() => expect(result.current.notice).toBe(ATTACHMENT_MESSAGES.tooMany));
    expect(names(result.current.files)).toEqual(['1.txt', '2.txt', '3.txt', '4.txt', '5.txt']);
  });
});
