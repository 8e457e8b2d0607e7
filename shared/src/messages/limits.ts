/**
 * Plan limits, enforced by the server before work starts. A refusal carries the code
 * `PLAN_LIMIT_ERROR_CODE` (stream `error` events and API errors), so the app can offer 'Upgrade Plan'.
 */
export const PLAN_LIMIT_ERROR_CODE = 'plan_limit';
export const LIMIT_MESSAGES = {
  dailyTokens: (limit: number, plan: string) =>
    `You have used today's ${limit.toLocaleString('en-US')} tokens of the ${plan} plan. Upgrade your plan for more, or try again tomorrow (the allowance resets at 00:00 UTC).`,
  overageCap: (capUsd: number) =>
    `You have reached this month's overage cap of $${capUsd}. Raise the cap in Subscription & Usage, or wait for the next month.`,
  /** The same refusal in a team space: the team's cap, which its Admins set on the Teams page. */
  teamOverageCap: (capUsd: number) =>
    `Your team has reached this month's overage cap of $${capUsd}. A team Admin can raise the cap on the Teams page, or wait for the next month.`,
  promptTooLarge: (limit: number, plan: string) =>
    `This conversation is too long for one request on the ${plan} plan (at most ${limit.toLocaleString('en-US')} tokens). Start a new chat or upgrade your plan.`,
  monthlyCompute: (hours: number, plan: string) =>
    `You have used this month's ${hours} compute hours of the ${plan} plan. Upgrade your plan to run servers longer.`,
} as const;
