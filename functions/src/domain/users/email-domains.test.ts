import { emailDomainNotAllowed } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { assertEmailDomainAllowed } from './email-domains.js';

describe('the allowed e-mail domains', () => {
  it('let every address sign up when the stage lists none', () => {
    expect(() => assertEmailDomainAllowed('anyone@anywhere.example', [])).not.toThrow();
  });

  it('let an address at a listed domain sign up, whatever its case', () => {
    expect(() => assertEmailDomainAllowed('Ana@ACME.example', ['acme.example', 'acme.test'])).not.toThrow();
  });

  it('refuse another domain, a subdomain and a look-alike, saying which domains may', () => {
    for (const email of ['eve@evil.example', 'eve@mail.acme.example', 'eve@acme.example.evil.example']) {
      expect(() => assertEmailDomainAllowed(email, ['acme.example'])).toThrow(
        emailDomainNotAllowed(['acme.example']),
      );
    }
    expect(emailDomainNotAllowed(['acme.example', 'acme.test'])).toBe(
      'Sign-up is open to e-mail addresses at acme.example, acme.test only.',
    );
  });
});
