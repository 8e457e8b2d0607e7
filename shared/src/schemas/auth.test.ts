import { describe, expect, it } from 'vitest';
import {
  confirmationFormSchema,
  resetFormSchema,
  resetFormSchemaForStep,
  resetRequestFormSchema,
  signInFormSchema,
  signUpFormSchema,
} from './auth';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('signInFormSchema', () => {
  it('requires an e-mail and reports only that when it is empty', () => {
    const result = signInFormSchema.safeParse({ email: '', password: 'secret' });
    expect(messagesOf(result)).toEqual(['Email is required']);
  });

  it('rejects an invalid e-mail address', () => {
    const result = signInFormSchema.safeParse({ email: 'not-an-email', password: 'secret' });
    expect(messagesOf(result)).toEqual(['Invalid email address']);
  });

  it('requires a password', () => {
    const result = signInFormSchema.safeParse({ email: 'ada@example.com', password: '' });
    expect(messagesOf(result)).toEqual(['Password is required']);
  });

  it('accepts a valid e-mail and password', () => {
    expect(signInFormSchema.safeParse({ email: 'ada@example.com', password: 'x' }).success).toBe(true);
  });
});

describe('signUpFormSchema', () => {
  it('requires passwords of at least 8 characters', () => {
    const result = signUpFormSchema.safeParse({
      email: 'ada@example.com',
      password: 'short',
      confirm: 'short',
    });
    expect(messagesOf(result)).toEqual(['Password must be at least 8 characters long']);
  });

  it('reports a missing password as required, not as too short', () => {
    const result = signUpFormSchema.safeParse({ email: 'ada@example.com', password: '', confirm: '' });
    expect(messagesOf(result)).toEqual(['Password is required']);
  });

  it('reports a confirmation mismatch on the confirm path', () => {
    const result = signUpFormSchema.safeParse({
      email: 'ada@example.com',
      password: 'long-enough',
      confirm: 'different!',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirm'], message: "Passwords don't match" }),
    ]);
  });

  it('reports the mismatch even while the e-mail is still invalid', () => {
    const result = signUpFormSchema.safeParse({ email: 'ada', password: 'long-enough', confirm: 'x' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['email'], ['confirm']]);
  });

  it('accepts matching passwords', () => {
    const form = { email: 'ada@example.com', password: 'long-enough', confirm: 'long-enough' };
    expect(signUpFormSchema.parse(form)).toEqual(form);
  });
});

describe('confirmationFormSchema', () => {
  it('requires the confirmation code', () => {
    expect(messagesOf(confirmationFormSchema.safeParse({ confirmation: '  ' }))).toEqual([
      'Confirmation code required',
    ]);
  });
});

describe('password reset schemas', () => {
  it('asks only for the e-mail in step 1', () => {
    expect(resetRequestFormSchema.safeParse({ email: 'ada@example.com' }).success).toBe(true);
    expect(messagesOf(resetRequestFormSchema.safeParse({ email: '' }))).toEqual(['Email is required']);
    expect(messagesOf(resetRequestFormSchema.safeParse({ email: 'ada' }))).toEqual(['Invalid email address']);
  });

  it('requires the code and a new password in step 2, with no other password rule', () => {
    expect(
      messagesOf(resetFormSchema.safeParse({ email: 'ada@example.com', code: '', password: '' })),
    ).toEqual(['Enter the code sent to your email', 'Enter a new password']);
    expect(
      resetFormSchema.safeParse({ email: 'ada@example.com', code: '123456', password: 'x' }).success,
    ).toBe(true);
  });

  it('picks the schema of each step', () => {
    expect(resetFormSchemaForStep(1)).toBe(resetRequestFormSchema);
    expect(resetFormSchemaForStep(2)).toBe(resetFormSchema);
  });
});
