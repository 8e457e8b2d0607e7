import { Aws, type CfnResource, Fn, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnLogDeliveryConfiguration,
  FeaturePlan,
  OAuthScope,
  ProviderAttribute,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { IdentityPool, UserPoolAuthenticationProvider } from 'aws-cdk-lib/aws-cognito-identitypool';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, LogGroup, RetentionDays, SubscriptionFilter } from 'aws-cdk-lib/aws-logs';
import { LambdaDestination } from 'aws-cdk-lib/aws-logs-destinations';
import { Construct } from 'constructs';
import type { Email } from './email';

export interface GoogleSignInProps {
  readonly clientId: string;
  /** Name of the Secrets Manager secret holding the client secret as plain text. */
  readonly clientSecretName: string;
}

/**
 * The hosted domain's prefix: the stage's own, else `agentforge-<stage>-<8 hex digits>` taken from
 * the stack's id (`arn:...:stack/<name>/<uuid>`). Prefixes are global across accounts, so a fixed
 * default fails for the second deployer; the stack's UUID is unique, fixed for the stack's life and
 * known without an account at synth (an account+region hash cannot be computed by CloudFormation).
 */
export function cognitoDomainPrefix(stage: string, configured?: string): string {
  if (configured) return configured;
  const stackUuid = Fn.select(2, Fn.split('/', Aws.STACK_ID));
  return Fn.join('-', ['agentforge', stage, Fn.select(0, Fn.split('-', stackUuid))]);
}

/** `<prefix>.auth.<region>.amazoncognito.com`. */
export function cognitoHostedDomain(scope: Construct, domainPrefix: string): string {
  return `${domainPrefix}.auth.${Stack.of(scope).region}.amazoncognito.com`;
}

export interface AuthProps {
  /** Prefix of the Cognito hosted domain (see cognitoDomainPrefix). */
  readonly domainPrefix: string;
  /** Web origins (scheme + host, no path) the app is served from: OAuth callback and logout targets. */
  readonly appOrigins: readonly string[];
  /** Visitors create accounts themselves; false: only AdminCreateUser (invitations, the admin CLI). @default true */
  readonly selfSignUp?: boolean;
  /** Google sign-in; omitted: no Google identity provider. */
  readonly google?: GoogleSignInProps | undefined;
  /** Codes and links sent through SES with the stage's identity; omitted: Cognito's own e-mail (small daily cap). */
  readonly email?: Pick<Email, 'userPoolEmail' | 'identityArn'> | undefined;
  /**
   * Threat protection in audit mode (the Plus feature plan): Cognito assesses each authentication
   * and can export every event, failures included (`exportUserActivity`). It blocks nothing.
   */
  readonly threatProtection?: boolean;
}

/** Cognito: the user pool with its hosted domain, optional Google sign-in, the web app client and identity pool. */
/** The web app's client of the pool (a team's single sign-on lists its provider on it). */
export const WEB_CLIENT_NAME = 'agentforge-web';

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly domain: UserPoolDomain;
  /** Hosted domain without scheme, e.g. `agentforge-dev.auth.us-east-1.amazoncognito.com`. */
  readonly hostedDomain: string;
  readonly googleProvider?: UserPoolIdentityProviderGoogle;
  readonly userPoolClient: UserPoolClient;
  readonly identityPool: IdentityPool;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      selfSignUpEnabled: props.selfSignUp ?? true,
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      // The spec's only password rule is "at least 8 characters"; the local stand-in enforces the same.
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      standardAttributes: { email: { required: true, mutable: true } },
      // A changed e-mail counts only once verified: team invitations are matched on it.
      keepOriginal: { email: true },
      ...(props.email ? { email: props.email.userPoolEmail } : {}),
      ...(props.threatProtection
        ? {
            featurePlan: FeaturePlan.PLUS,
            standardThreatProtectionMode: StandardThreatProtectionMode.AUDIT_ONLY,
          }
        : {}),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const cfnUserPool = this.userPool.node.defaultChild as CfnResource;
    cfnUserPool.overrideLogicalId('UserPool');
    // The identity by its ARN: the stage may name a domain identity or give the ARN itself.
    if (props.email) cfnUserPool.addPropertyOverride('EmailConfiguration.SourceArn', props.email.identityArn);

    this.domain = this.userPool.addDomain('HostedDomain', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
    });
    this.hostedDomain = cognitoHostedDomain(this, props.domainPrefix);

    if (props.google) {
      this.googleProvider = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: props.google.clientId,
        clientSecretValue: SecretValue.secretsManager(props.google.clientSecretName),
        scopes: ['email', 'profile', 'openid'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          fullname: ProviderAttribute.GOOGLE_NAME,
        },
      });
    }

    this.userPoolClient = this.createWebClient(props.appOrigins);

    this.identityPool = new IdentityPool(this, 'IdentityPool', {
      allowUnauthenticatedIdentities: false,
      authenticationProviders: {
        userPools: [
          new UserPoolAuthenticationProvider({
            userPool: this.userPool,
            userPoolClient: this.userPoolClient,
          }),
        ],
      },
    });
  }

  /**
   * Seam for the issue that creates the user record: attach the post-confirmation Lambda here.
   * Give that function the users table by name, never a reference to this pool's ARN in its
   * policy, or CloudFormation sees a circular dependency (pool -> trigger -> role -> pool).
   */
  addPostConfirmationTrigger(fn: IFunction): void {
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, fn);
  }

  /** The stage's allowed e-mail domains, checked before an account is created. */
  addPreSignUpTrigger(fn: IFunction): void {
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, fn);
  }

  /** A team's required single sign-on: its domains' password sign-ins refused. */
  addPreAuthenticationTrigger(fn: IFunction): void {
    this.userPool.addTrigger(UserPoolOperation.PRE_AUTHENTICATION, fn);
  }

  /** The audit log's sign-ins. */
  addPostAuthenticationTrigger(fn: IFunction): void {
    this.userPool.addTrigger(UserPoolOperation.POST_AUTHENTICATION, fn);
  }

  /**
   * Threat protection's user activity log, every authentication event, exported to a log group
   * (under /aws/vendedlogs/, where the delivery's resource policy has room), and its failed events
   * handed to `fn` by a subscription filter. Needs `threatProtection`.
   */
  exportUserActivity(fn: IFunction, logGroupName: string): void {
    const logGroup = new LogGroup(this, 'UserActivityLogs', {
      logGroupName,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new CfnLogDeliveryConfiguration(this, 'UserActivityExport', {
      userPoolId: this.userPool.userPoolId,
      logConfigurations: [
        {
          eventSource: 'userAuthEvents',
          logLevel: 'INFO',
          cloudWatchLogsConfiguration: { logGroupArn: logGroup.logGroupArn },
        },
      ],
    });
    new SubscriptionFilter(this, 'FailedAuthEvents', {
      logGroup,
      destination: new LambdaDestination(fn),
      filterPattern: FilterPattern.stringValue('$.message.eventResponse', '=', 'Fail'),
    });
  }

  private createWebClient(appOrigins: readonly string[]): UserPoolClient {
    // Cognito compares redirect URIs exactly: register each origin with and without the slash.
    const redirectUrls = appOrigins.flatMap((origin) => [origin, `${origin}/`]);
    const client = this.userPool.addClient('WebClient', {
      // Named, so a function finds it without its id (the id would be a cycle through CloudFront).
      userPoolClientName: WEB_CLIENT_NAME,
      generateSecret: false,
      authFlows: { userSrp: true },
      // The spec's error catalogue shows "Account not found" for UserNotFoundException.
      preventUserExistenceErrors: false,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.EMAIL, OAuthScope.OPENID, OAuthScope.PROFILE],
        callbackUrls: redirectUrls,
        logoutUrls: redirectUrls,
      },
      supportedIdentityProviders: [
        UserPoolClientIdentityProvider.COGNITO,
        ...(this.googleProvider ? [UserPoolClientIdentityProvider.GOOGLE] : []),
      ],
    });
    if (this.googleProvider) client.node.addDependency(this.googleProvider);
    return client;
  }
}
