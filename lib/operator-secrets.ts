/**
 * Where a stage's operator stores what the stack only references (docs/deploy.md, "Secrets a stage
 * reads"). The stack never creates these: it grants read access to them by name. A setup command
 * writing them should take the names from here.
 */

/**
 * Stripe's keys: an SSM SecureString parameter (standard tier: free; encrypted with the account's
 * `aws/ssm` key) holding `{"secretKey": "sk_…", "webhookSecret": "whsec_…"}`. CloudFormation cannot
 * create a SecureString, so the operator writes it with `aws ssm put-parameter --type SecureString`.
 */
export const stripeParameterName = (stage: string): string => `/agentforge/${stage}/stripe`;

/**
 * The GitHub OAuth App's `{"clientId", "clientSecret"}`: a Secrets Manager secret of this name unless
 * the stage file's `githubSecretName` names another.
 */
export const githubSecretName = (stage: string): string => `agentforge/${stage}/github`;
