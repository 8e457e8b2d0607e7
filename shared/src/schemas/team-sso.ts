import * as z from 'zod';

/**
 * A team's single sign-on (issue 34 item 3): the company's identity provider (OIDC or SAML) and
 * its e-mail domains, each proven by a DNS TXT record the team's Admin publishes.
 */

/** An e-mail domain (lower case, at least two labels, each 1-63 letters, digits or inner hyphens). */
export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'Enter a domain such as example.com');

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    'Enter an http(s) URL',
  );

/** PUT /teams/{teamId}/sso: the provider. The client secret may be left out to keep the stored one. */
export const ssoProviderInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('oidc'),
    issuer: httpUrl,
    clientId: z.string().trim().min(1, 'Client ID is required').max(255),
    clientSecret: z.string().min(1).max(1024).optional(),
  }),
  z
    .object({
      type: z.literal('saml'),
      metadataUrl: httpUrl.optional(),
      /** The metadata XML itself (Cognito takes up to 131,072 characters). */
      metadataFile: z.string().min(1).max(131_072).optional(),
    })
    .refine((value) => (value.metadataUrl === undefined) !== (value.metadataFile === undefined), {
      message: 'Give the metadata URL or the metadata file',
    }),
]);
export type SsoProviderInput = z.infer<typeof ssoProviderInputSchema>;

export const teamSsoBodySchema = z.object({
  provider: ssoProviderInputSchema,
  domains: z.array(ssoDomainSchema).min(1, 'Add at least one e-mail domain').max(10),
  /** Members whose e-mail is at a verified domain may not sign in with a password. */
  requireSso: z.boolean().default(false),
});
export type TeamSsoBody = z.infer<typeof teamSsoBodySchema>;

/** The TXT record an Admin publishes to prove the team owns a domain. */
export const ssoDomainRecordSchema = z.object({ name: z.string(), value: z.string() });

export const teamSsoSchema = z.object({
  /** The identity provider's name in the user pool (what `signInWithRedirect` asks for). */
  providerName: z.string(),
  provider: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('oidc'),
      issuer: z.string(),
      clientId: z.string(),
      /** The secret's last four characters only (it is never returned whole). */
      clientSecretHint: z.string(),
    }),
    z.object({ type: z.literal('saml'), metadataUrl: z.string().optional(), hasMetadataFile: z.boolean() }),
  ]),
  domains: z.array(z.object({ domain: z.string(), verified: z.boolean(), record: ssoDomainRecordSchema })),
  requireSso: z.boolean(),
  /** The provider is live in the user pool once a domain is verified. */
  active: z.boolean(),
});
export type TeamSso = z.infer<typeof teamSsoSchema>;

export const teamSsoDomainParamsSchema = z.object({
  teamId: z.string().min(1).max(128),
  domain: ssoDomainSchema,
});

/** GET /sso/discover?email=: the provider a verified domain signs in with (the login page's 'Sign in with SSO'). */
export const ssoDiscoverQuerySchema = z.object({ email: z.email().max(320) });
export const ssoDiscoverResponseSchema = z.object({ providerName: z.string() });
export type SsoDiscoverResponse = z.infer<typeof ssoDiscoverResponseSchema>;

/** POST /sso/join's answer: whether the caller joined the team of the provider they signed in through. */
export const ssoJoinResponseSchema = z.object({ joined: z.boolean() });
