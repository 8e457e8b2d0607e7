import * as z from 'zod';
import {
  MIN_CHALLENGE_LENGTH,
  ONBOARDING_OTHER_ROLE,
  ONBOARDING_ROLES,
  ONBOARDING_TEAM_SIZES,
  ONBOARDING_USE_CASES,
} from '../constants/product';
import { ONBOARDING_MESSAGES } from '../messages/account';

/** Bounds on the free-text answers: the user record is one DynamoDB item (400 KB at most). */
const MAX_ROLE_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;
const MAX_CHALLENGE_LENGTH = 2000;
const atMost = (max: number) => `At most ${max} characters`;

const isEmail = (value: string) => z.email().safeParse(value).success;
const isOneOf = (options: readonly string[], value: string) => options.includes(value);

/** POST /user/onboarding */
export const onboardingPayloadSchema = z.object({
  /** The chosen role, or the custom role when 'Other' was chosen. */
  userRole: z
    .string()
    .trim()
    .min(1, ONBOARDING_MESSAGES.roleRequired)
    .max(MAX_ROLE_LENGTH, atMost(MAX_ROLE_LENGTH)),
  companySize: z.enum(ONBOARDING_TEAM_SIZES, { error: ONBOARDING_MESSAGES.teamSizeRequired }),
  email: z.email(ONBOARDING_MESSAGES.invalidEmail).max(MAX_EMAIL_LENGTH, atMost(MAX_EMAIL_LENGTH)),
  /** Not validated by the form: empty when none was chosen. */
  useCase: z.union([z.enum(ONBOARDING_USE_CASES), z.literal('')]),
  challengeToSolve: z
    .string()
    .max(MAX_CHALLENGE_LENGTH, atMost(MAX_CHALLENGE_LENGTH))
    .refine((text) => text.trim().length >= MIN_CHALLENGE_LENGTH, ONBOARDING_MESSAGES.challengeTooShort),
  submittedAt: z.iso.datetime(),
});
export type OnboardingPayload = z.infer<typeof onboardingPayloadSchema>;

/**
 * The Welcome Aboard form. All rules live in one refinement so the issues come in the spec's
 * order (role, custom role, team size, e-mail, challenge) whichever fields fail.
 */
export const onboardingFormSchema = z
  .object({
    role: z.string().default(''),
    customRole: z.string().default(''),
    teamSize: z.string().default(''),
    email: z.string().default(''),
    useCase: z.string().default(''),
    challenge: z.string().default(''),
  })
  .superRefine((form, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!isOneOf(ONBOARDING_ROLES, form.role)) fail('role', ONBOARDING_MESSAGES.roleRequired);
    if (form.role === ONBOARDING_OTHER_ROLE && !form.customRole.trim()) {
      fail('customRole', ONBOARDING_MESSAGES.customRoleRequired);
    }
    if (!isOneOf(ONBOARDING_TEAM_SIZES, form.teamSize))
      fail('teamSize', ONBOARDING_MESSAGES.teamSizeRequired);
    if (!isEmail(form.email.trim())) fail('email', ONBOARDING_MESSAGES.invalidEmail);
    if (form.challenge.trim().length < MIN_CHALLENGE_LENGTH)
      fail('challenge', ONBOARDING_MESSAGES.challengeTooShort);
  });
export type OnboardingForm = z.infer<typeof onboardingFormSchema>;
export type OnboardingFormInput = z.input<typeof onboardingFormSchema>;

/** The first failing rule's message, or null when the form is valid. */
export function onboardingFormError(form: OnboardingFormInput): string | null {
  const result = onboardingFormSchema.safeParse(form);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function toOnboardingPayload(form: OnboardingForm, submittedAt: Date = new Date()): OnboardingPayload {
  return onboardingPayloadSchema.parse({
    userRole: form.role === ONBOARDING_OTHER_ROLE ? form.customRole.trim() : form.role,
    companySize: form.teamSize,
    email: form.email.trim(),
    useCase: form.useCase,
    challengeToSolve: form.challenge.trim(),
    submittedAt: submittedAt.toISOString(),
  });
}
