import { emailDomainNotAllowed } from '@agentforge/shared';
import { ValidationError } from '../errors.js';

/**
 * The stage's `allowedEmailDomains`: an address signs up only at one of them (its exact domain,
 * case-insensitively: a subdomain is another domain). No domains: every address may.
 */
export function assertEmailDomainAllowed(email: string, allowedDomains: readonly string[]): void {
  if (allowedDomains.length === 0) return;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!allowedDomains.some((allowed) => allowed.toLowerCase() === domain))
    throw new ValidationError(emailDomainNotAllowed(allowedDomains));
}
