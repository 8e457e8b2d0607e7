import type { OnboardingUseCase } from '@agentforge/shared';

/** Not worded by the spec: how the use-case options (spec 9) read in the select. */
export const USE_CASE_LABELS: Record<OnboardingUseCase, string> = {
  develop_new: 'Develop a new product',
  develop_existing: 'Develop an existing product',
  replace_saas: 'Replace a SaaS tool',
  build_mvp: 'Build an MVP',
  automate: 'Automate a workflow',
  internal_tool: 'Build an internal tool',
  client_project: 'A client project',
  landing_page: 'A landing page',
  learn: 'Learn',
  other: 'Something else',
};
