import { CustomResource, Duration, Lazy } from 'aws-cdk-lib';
import type { CfnUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { AgentFunction } from '../constructs/agent-function';
import type { Auth } from '../constructs/auth';
import type { Data } from '../constructs/data';
import type { StageConfig } from '../stage-config';

/**
 * A deploy must not undo teams' single sign-on (docs/decisions/sign-in.md): CloudFormation sets
 * the web client's SupportedIdentityProviders to the stack's list whenever it updates the client,
 * dropping the teams' providers the API added. A custom resource whose properties are the
 * client's own settings is updated right after the client (it references it, and any change of
 * the client's settings changes it too) and puts every team provider of the pool back on it.
 */
export function keepTeamProviders(
  scope: Construct,
  props: { config: StageConfig; entry: (module: string) => string; auth: Auth; data: Data },
): void {
  const { auth } = props;
  const merge = new AgentFunction(scope, 'TeamProviders', {
    entry: props.entry('auth/team-providers'),
    stage: props.config.stage,
    description: "Cognito web client after a deploy: puts the teams' single sign-on providers back on it",
    timeout: Duration.minutes(1),
  });
  // The functions' environment names every table (no access to any is granted).
  props.data.addTableNames(merge.function);
  merge.function.addEnvironment('USER_POOL_ID', auth.userPool.userPoolId);
  merge.function.addEnvironment('USER_POOL_CLIENT_ID', auth.userPoolClient.userPoolClientId);
  auth.userPool.grant(
    merge.function,
    'cognito-idp:ListIdentityProviders',
    'cognito-idp:DescribeUserPoolClient',
    'cognito-idp:UpdateUserPoolClient',
  );
  const provider = new Provider(scope, 'TeamProvidersProvider', { onEventHandler: merge.function });
  const client = auth.userPoolClient.node.defaultChild as CfnUserPoolClient;
  new CustomResource(scope, 'TeamProvidersOnClient', {
    serviceToken: provider.serviceToken,
    resourceType: 'Custom::TeamIdentityProviders',
    properties: {
      ClientId: auth.userPoolClient.userPoolClientId,
      // The client's settings as CloudFormation gets them (tokens resolved at deploy): whatever
      // updates the client updates this resource, after it.
      ClientSettings: Lazy.any({
        produce: () => (client as unknown as { cfnProperties: Record<string, unknown> }).cfnProperties,
      }),
    },
  });
}
