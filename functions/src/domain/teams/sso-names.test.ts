import { describe, expect, it } from 'vitest';
import {
  domainVerificationRecord,
  emailDomain,
  ssoProviderName,
  teamIdOfSsoUsername,
  txtHolds,
} from './sso-names.js';

const TEAM = '01JABCDEFGHJKMNPQRSTVWXYZ0';

describe('single sign-on names', () => {
  it("names the team's provider within Cognito's 32 characters and finds the team back from a username", () => {
    const name = ssoProviderName(TEAM);
    expect(name).toBe('team-01jabcdefghjkmnpqrstvwxyz0');
    expect(name.length).toBeLessThanOrEqual(32);
    expect(teamIdOfSsoUsername(`${name}_a1b2c3`)).toBe(TEAM);
    expect(teamIdOfSsoUsername('Google_1234567890')).toBeUndefined();
    expect(teamIdOfSsoUsername('team-short_x')).toBeUndefined();
    expect(teamIdOfSsoUsername('3f1c0a9e-1111-2222-3333-444455556666')).toBeUndefined();
  });

  it("reads an address's domain in lower case", () => {
    expect(emailDomain('Ada@Example.COM')).toBe('example.com');
    expect(emailDomain('no-at-sign')).toBe('no-at-sign');
  });

  it('derives a TXT record per team and domain that another team or key cannot reproduce', () => {
    const record = domainVerificationRecord('stage-key', TEAM, 'example.com');
    expect(record.name).toBe('_agentforge-verification.example.com');
    expect(record.value).toMatch(/^agentforge-domain-verification=[\w-]{32}$/);
    expect(domainVerificationRecord('stage-key', TEAM, 'example.com')).toEqual(record);
    expect(domainVerificationRecord('stage-key', '01JZZZZZZZZZZZZZZZZZZZZZZZ', 'example.com').value).not.toBe(
      record.value,
    );
    expect(domainVerificationRecord('other-key', TEAM, 'example.com').value).not.toBe(record.value);
    expect(domainVerificationRecord('stage-key', TEAM, 'example.org').value).not.toBe(record.value);
  });

  it('finds the value among TXT records, a long one split into strings as DNS does', () => {
    const { value } = domainVerificationRecord('k', TEAM, 'example.com');
    expect(txtHolds([['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]], value)).toBe(true);
    expect(txtHolds([['v=spf1 -all']], value)).toBe(false);
    expect(txtHolds([], value)).toBe(false);
  });
});
