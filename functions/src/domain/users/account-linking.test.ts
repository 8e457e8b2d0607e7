import { describe, expect, it } from 'vitest';
import { providerUserToLink } from './account-linking.js';

const googleSignIn = {
  triggerSource: 'PreSignUp_ExternalProvider',
  userName: 'Google_1234567890',
  email: 'ada@acme.example',
  emailVerified: 'true',
};

describe("the pre-sign-up trigger's account linking", () => {
  it("links a first Google sign-in with a verified e-mail, whichever way the pool spells Google's users", () => {
    expect(providerUserToLink(googleSignIn)).toEqual({ providerName: 'Google', sub: '1234567890' });
    expect(providerUserToLink({ ...googleSignIn, userName: 'google_1234567890' })).toEqual({
      providerName: 'Google',
      sub: '1234567890',
    });
  });

  it("never links a team's provider (OIDC or SAML), nor any other pool provider", () => {
    for (const userName of [
      'team-01jabcdefghjkmnpqrstvwxyz0_0f6c2a1e-sub',
      'team-01jabcdefghjkmnpqrstvwxyz0_ada@acme.example',
      'acme_abc',
      'Facebook_123',
    ]) {
      expect(providerUserToLink({ ...googleSignIn, userName }), userName).toBeUndefined();
    }
  });

  it('links nothing without a verified e-mail, nor outside a federated first sign-in', () => {
    expect(providerUserToLink({ ...googleSignIn, emailVerified: 'false' })).toBeUndefined();
    expect(providerUserToLink({ ...googleSignIn, emailVerified: undefined })).toBeUndefined();
    expect(providerUserToLink({ ...googleSignIn, email: undefined })).toBeUndefined();
    for (const triggerSource of ['PreSignUp_SignUp', 'PreSignUp_AdminCreateUser']) {
      expect(providerUserToLink({ ...googleSignIn, triggerSource }), triggerSource).toBeUndefined();
    }
  });
});
