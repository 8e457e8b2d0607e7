import type { UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { cognitoError } from './errors.js';

const RULES: {
  flag: 'RequireUppercase' | 'RequireLowercase' | 'RequireNumbers' | 'RequireSymbols';
  test: RegExp;
  what: string;
}[] = [
  { flag: 'RequireUppercase', test: /[A-Z]/, what: 'uppercase' },
  { flag: 'RequireLowercase', test: /[a-z]/, what: 'lowercase' },
  { flag: 'RequireNumbers', test: /[0-9]/, what: 'numeric' },
  { flag: 'RequireSymbols', test: /[^A-Za-z0-9\s]/, what: 'symbol' },
];

/** Enforces the pool's password policy (cognito-local stores it but never checks it). */
export function assertPasswordConforms(userPool: UserPoolService, password: unknown): void {
  const policy = userPool.options.Policies?.PasswordPolicy ?? {};
  const fail = (reason: string) =>
    cognitoError('InvalidPasswordException', `Password did not conform with policy: ${reason}`);
  if (typeof password !== 'string' || password.length < (policy.MinimumLength ?? 8)) {
    throw fail('Password not long enough');
  }
  for (const rule of RULES) {
    if (policy[rule.flag] && !rule.test.test(password))
      throw fail(`Password must have ${rule.what} characters`);
  }
}
