import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../constants/product';
import {
  onboardingFormError,
  onboardingFormSchema,
  onboardingPayloadSchema,
  toOnboardingPayload,
} from './onboarding';

const valid = {
  role: 'Developer/Engineer',
  customRole: '',
  teamSize: '2-5 people',
  email: 'ada@example.com',
  useCase: '',
  challenge: 'An agent that triages issues',
};

describe('onboardingFormSchema', () => {
  it('accepts a complete form without a use case', () => {
    expect(onboardingFormSchema.safeParse(valid).success).toBe(true);
  });

  it('reports every failing rule in the spec order', () => {
    const result = onboardingFormSchema.safeParse({
      role: 'Other',
      customRole: ' ',
      teamSize: '',
      email: 'nope',
      challenge: 'short',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Please specify your role',
      'Please select your team size',
      'Please enter a valid email address',
      `Please tell us what you want to build with ${PRODUCT_NAME}.`,
    ]);
  });

  it('puts the missing role first, whichever fields fail', () => {
    expect(onboardingFormError({ ...valid, role: '', challenge: '' })).toBe('Please select your role');
  });

  it('asks for the custom role only when Other is chosen', () => {
    expect(onboardingFormError({ ...valid, role: 'Other' })).toBe('Please specify your role');
    expect(onboardingFormError({ ...valid, role: 'Other', customRole: 'Researcher' })).toBeNull();
  });

  it('counts the challenge length after trimming', () => {
    expect(onboardingFormError({ ...valid, challenge: '   123456789   ' })).toBe(
      'Please tell us what you want to build with AgentForge.',
    );
    expect(onboardingFormError({ ...valid, challenge: '1234567890' })).toBeNull();
  });
});

describe('toOnboardingPayload', () => {
  it('sends the custom role as the user role and stamps an ISO time', () => {
    const form = onboardingFormSchema.parse({ ...valid, role: 'Other', customRole: ' Researcher ' });
    const payload = toOnboardingPayload(form, new Date('2025-01-02T03:04:05.000Z'));
    expect(payload).toEqual({
      userRole: 'Researcher',
      companySize: '2-5 people',
      email: 'ada@example.com',
      useCase: '',
      challengeToSolve: 'An agent that triages issues',
      submittedAt: '2025-01-02T03:04:05.000Z',
    });
    expect(onboardingPayloadSchema.safeParse(payload).success).toBe(true);
  });
});

describe('onboarding payload bounds', () => {
  it('refuses answers longer than the user record should hold', () => {
    const base = {
      userRole: 'Developer/Engineer',
      companySize: 'Just me',
      email: 'ada@example.com',
      useCase: '',
      challengeToSolve: 'An agent that files my invoices',
      submittedAt: new Date().toISOString(),
    };
    expect(onboardingPayloadSchema.safeParse(base).success).toBe(true);
    expect(onboardingPayloadSchema.safeParse({ ...base, challengeToSolve: 'x'.repeat(2001) }).success).toBe(
      false,
    );
    expect(onboardingPayloadSchema.safeParse({ ...base, userRole: 'x'.repeat(101) }).success).toBe(false);
  });
});
