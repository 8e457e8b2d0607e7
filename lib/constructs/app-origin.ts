import { Stack } from 'aws-cdk-lib';
import { Effect, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { appOriginParameterName } from '../stage-resource-names';

export interface AppOriginParameterProps {
  readonly stage: string;
  /** The app's origin: `https://<custom domain>`, else `https://<distribution domain>`. */
  readonly origin: string;
}

/**
 * The app's own origin in an SSM parameter, read by the functions at run time (checkout return
 * URLs, invitation links). They cannot be given it in their environment: the distribution depends
 * on the API, which depends on them. So they get the parameter's literal name and a grant on its
 * ARN built from that name, never a reference to the parameter (which would close the cycle).
 */
export class AppOriginParameter extends Construct {
  readonly parameterName: string;

  constructor(scope: Construct, id: string, props: AppOriginParameterProps) {
    super(scope, id);
    this.parameterName = appOriginParameterName(props.stage);
    new StringParameter(this, 'Parameter', {
      parameterName: this.parameterName,
      stringValue: props.origin,
      description: `AgentForge ${props.stage}: the app's origin (checkout returns, invitation links)`,
    });
  }

  /** `APP_ORIGIN_PARAMETER` and ssm:GetParameter on it. */
  grantRead(grantee: IGrantable & { addEnvironment(key: string, value: string): unknown }): void {
    grantee.addEnvironment('APP_ORIGIN_PARAMETER', this.parameterName);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: this.parameterName.slice(1),
          }),
        ],
      }),
    );
  }
}
