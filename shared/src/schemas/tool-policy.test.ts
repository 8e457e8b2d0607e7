import { describe, expect, it } from 'vitest';
import { patchToolPolicy, resolveToolPolicy, toolPolicyPatchSchema } from './tool-policy';

const readOnly = { name: 'read', annotations: { readOnlyHint: true } };
const write = { name: 'write', annotations: { readOnlyHint: false } };
const unannotated = { name: 'other' };

describe('a tool approval policy', () => {
  it('lets every tool run unasked on a server without one (as before tool approval)', () => {
    expect([readOnly, write, unannotated].map((tool) => resolveToolPolicy(undefined, tool))).toEqual([
      'allow',
      'allow',
      'allow',
    ]);
  });

  it("with the default 'ask', lets a read-only tool (readOnlyHint) run unasked and asks for the rest", () => {
    const policy = { default: 'ask' as const, tools: {} };
    expect([readOnly, write, unannotated].map((tool) => resolveToolPolicy(policy, tool))).toEqual([
      'allow',
      'ask',
      'ask',
    ]);
  });

  it("puts a tool's own setting above the default and the hint (hints are untrusted)", () => {
    const policy = { default: 'allow' as const, tools: { read: 'ask' as const, write: 'never' as const } };
    expect(resolveToolPolicy(policy, readOnly)).toBe('ask');
    expect(resolveToolPolicy(policy, write)).toBe('never');
    expect(resolveToolPolicy({ default: 'never', tools: {} }, readOnly)).toBe('never');
  });

  it("reads only the policy's own settings (a tool named like an Object method)", () => {
    expect(resolveToolPolicy({ default: 'ask', tools: {} }, { name: 'constructor' })).toBe('ask');
    expect(resolveToolPolicy({ default: 'ask', tools: {} }, { name: 'toString' })).toBe('ask');
  });

  it('merges a change into the stored policy, a null setting going back to the default', () => {
    const stored = { default: 'ask' as const, tools: { a: 'never' as const, b: 'allow' as const } };
    expect(patchToolPolicy(stored, { tools: { a: null, c: 'allow' } })).toEqual({
      default: 'ask',
      tools: { b: 'allow', c: 'allow' },
    });
    expect(patchToolPolicy(undefined, { default: 'ask' })).toEqual({ default: 'ask', tools: {} });
  });

  it('refuses settings that are not allow, ask or never', () => {
    expect(toolPolicyPatchSchema.safeParse({ tools: { a: 'maybe' } }).success).toBe(false);
    expect(toolPolicyPatchSchema.safeParse({ default: 'sometimes' }).success).toBe(false);
  });
});
