/** The product's name as shown to users (e.g. in the onboarding challenge message). */
export const PRODUCT_NAME = 'AgentForge';

export const DEFAULT_PROVIDER = 'anthropic';

/**
 * The one table of provider display names: the direct APIs a user keys, the platform's Bedrock
 * model families (`meta`, `amazon`, `cohere`, ...) and Bedrock itself. `custom` is the short name
 * (badges, error messages); CUSTOM_PROVIDER_LABEL is the full one (pickers, the catalogue).
 */
export const PROVIDER_DISPLAY_NAMES = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  google: 'Google',
  mistral: 'Mistral',
  custom: 'Custom',
  bedrock: 'Amazon Bedrock',
  meta: 'Meta',
  amazon: 'Amazon',
  cohere: 'Cohere',
} as const;
export type NamedProvider = keyof typeof PROVIDER_DISPLAY_NAMES;
export const CUSTOM_PROVIDER_LABEL = 'Custom (OpenAI-compatible)';

/** A provider's (or Bedrock family's) display name; an unknown id shows as itself. */
export function providerDisplayName(id: string): string {
  return (PROVIDER_DISPLAY_NAMES as Readonly<Record<string, string>>)[id] ?? id;
}
export const DEFAULT_MODEL = 'claude-3-haiku-20240307';
export const NEW_CONVERSATION_TITLE = 'New Conversation';
/** Stored in place of a message's content when it has none. */
export const MESSAGE_CONTENT_MISSING = '[Content Missing]';

export const COMPANY_SIZES = ['xsmall', 'small', 'medium', 'large', 'xlarge'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const COMPANY_SIZE_LABELS: Readonly<Record<CompanySize, string>> = {
  xsmall: '1-10',
  small: '10-100',
  medium: '100-500',
  large: '500-1000',
  xlarge: '1000+',
};
export const DEFAULT_COMPANY_SIZE: CompanySize = 'xsmall';

/** Idle timeout shown on a server card whose configuration has none. */
export const DEFAULT_IDLE_TIMEOUT_CARD_MINUTES = 5;
/** Idle timeout the configuration form starts with, and falls back to when the input is not numeric. */
export const DEFAULT_IDLE_TIMEOUT_FORM_MINUTES = 30;
export const MIN_IDLE_TIMEOUT_MINUTES = 1;

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_CHALLENGE_LENGTH = 10;
export const CREDENTIALS_PROVIDER_MS = 3_000_000;

export const ONBOARDING_OTHER_ROLE = 'Other';
export const ONBOARDING_ROLES = [
  'CEO/Founder',
  'CTO/Tech Lead',
  'Agency Owner',
  'Indie Hacker',
  'Freelancer',
  'Developer/Engineer',
  'Product Manager',
  'Designer',
  'Marketer',
  ONBOARDING_OTHER_ROLE,
] as const;
export type OnboardingRole = (typeof ONBOARDING_ROLES)[number];

export const ONBOARDING_TEAM_SIZES = [
  'Just me',
  '2-5 people',
  '6-20 people',
  '21-50 people',
  '51+ people',
] as const;
export type OnboardingTeamSize = (typeof ONBOARDING_TEAM_SIZES)[number];

export const ONBOARDING_USE_CASES = [
  'develop_new',
  'develop_existing',
  'replace_saas',
  'build_mvp',
  'automate',
  'internal_tool',
  'client_project',
  'landing_page',
  'learn',
  'other',
] as const;
export type OnboardingUseCase = (typeof ONBOARDING_USE_CASES)[number];
