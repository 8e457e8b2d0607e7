import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { AgentFunction } from '../constructs/agent-function';
import type { Auth } from '../constructs/auth';
import type { Data } from '../constructs/data';
import type { StageConfig } from '../stage-config';

/**
 * The user pool's Lambda triggers: the user record on confirmation, the stage's e-mail domains at
 * sign-up (when it limits them), a team's required single sign-on at sign-in, and the link of a first Google sign-in to a password user (with Google), sign-ins in the audit log, and failed sign-ins from threat
 * protection's activity log (when the stage opts in). Returns the functions monitoring watches.
 */
export function addAuthTriggers(
  scope: Construct,
  props: { config: StageConfig; entry: (module: string) => string; data: Data; auth: Auth },
): Record<string, LambdaFunction> {
  const { config, entry, data, auth } = props;
  const postConfirmation = new AgentFunction(scope, 'PostConfirmation', {
    entry: entry('auth/post-confirmation'),
    stage: config.stage,
    description: 'Cognito post-confirmation trigger: creates the user record',
    timeout: Duration.seconds(5),
    environment: { WHITELISTED_EMAILS: config.whitelistedEmails.join(',') },
  });
  data.addTableNames(postConfirmation.function);
  data.grantReadWrite(postConfirmation.function, 'users');
  auth.addPostConfirmationTrigger(postConfirmation.function);

  if (config.allowedEmailDomains.length > 0 || config.google) {
    const preSignUp = new AgentFunction(scope, 'PreSignUp', {
      entry: entry('auth/pre-sign-up'),
      stage: config.stage,
      description:
        'Cognito pre-sign-up trigger: refuses e-mail domains the stage does not allow; links a first Google sign-in to the password user with its e-mail, refused at a domain whose team requires single sign-on',
      timeout: Duration.seconds(5),
      environment: { ALLOWED_EMAIL_DOMAINS: config.allowedEmailDomains.join(',') },
    });
    auth.addPreSignUpTrigger(preSignUp.function);
    if (config.google) {
      // A first Google sign-in at a domain whose team requires single sign-on is refused: the
      // domain's claim and the team's SSO record, two items by key.
      data.addTableNames(preSignUp.function);
      data.grantGetItem(preSignUp.function, 'teams');
      // By a pool pattern, not the pool's ARN: pool -> trigger -> role -> pool would be a cycle.
      preSignUp.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['cognito-idp:ListUsers', 'cognito-idp:AdminLinkProviderForUser'],
          resources: [
            Stack.of(scope).formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' }),
          ],
        }),
      );
    }
  }

  // A team that requires single sign-on: its verified domains' password sign-ins are refused.
  const preAuthentication = new AgentFunction(scope, 'PreAuthentication', {
    entry: entry('auth/pre-authentication'),
    stage: config.stage,
    description:
      "Cognito pre-authentication trigger: refuses the sign-in of an address whose team requires single sign-on, but through the team's provider",
    timeout: Duration.seconds(5),
  });
  data.addTableNames(preAuthentication.function);
  // Two items by key (the domain's claim, the team's SSO record): nothing else of any table.
  data.grantGetItem(preAuthentication.function, 'teams');
  auth.addPreAuthenticationTrigger(preAuthentication.function);

  const postAuthentication = new AgentFunction(scope, 'PostAuthentication', {
    entry: entry('auth/post-authentication'),
    stage: config.stage,
    description: 'Cognito post-authentication trigger: records sign-ins in the audit log',
    timeout: Duration.seconds(5),
    environment: { AUDIT_RETENTION_DAYS: String(config.auditRetentionDays) },
  });
  data.addTableNames(postAuthentication.function);
  data.grantAuditWrite(postAuthentication.function);
  auth.addPostAuthenticationTrigger(postAuthentication.function);

  // Failed sign-ins, from threat protection's activity log (the stage opts in: it is billed per user).
  const signInEvents = config.auditFailedSignIns
    ? new AgentFunction(scope, 'SignInEvents', {
        entry: entry('auth/sign-in-events'),
        stage: config.stage,
        description: 'Cognito sign-in events: records failed sign-ins in the audit log',
        timeout: Duration.seconds(30),
        environment: { AUDIT_RETENTION_DAYS: String(config.auditRetentionDays) },
      })
    : undefined;
  if (signInEvents) {
    data.addTableNames(signInEvents.function);
    data.grantAuditWrite(signInEvents.function);
    auth.exportUserActivity(
      signInEvents.function,
      `/aws/vendedlogs/cognito/agentforge-${config.stage}/user-activity`,
    );
  }
  return {
    PostConfirmation: postConfirmation.function,
    PreAuthentication: preAuthentication.function,
    PostAuthentication: postAuthentication.function,
    ...(signInEvents ? { SignInEvents: signInEvents.function } : {}),
  };
}
