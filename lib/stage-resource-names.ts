/**
 * Names of a stage's resources that tools outside the stack find them by (the Stripe setup
 * command), kept here so the stack and the tools cannot drift apart.
 */

/** The SSM parameter holding the app's origin (custom domain or CloudFront's). */
export const appOriginParameterName = (stage: string) => `/agentforge/${stage}/app-origin`;
