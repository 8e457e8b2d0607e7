import { CfnResource, type IAspect, RemovalPolicy } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

/**
 * Gives every Lambda function without a log group of its own one with a retention: CDK's
 * custom-resource providers (BucketDeployment, S3 auto-delete, the VPC's default security group)
 * would otherwise log to a group Lambda creates on first run, kept forever. The group is created
 * with the function (LoggingConfig), so it exists before the function first runs, and goes with
 * the stack. Applied as an aspect: it also reaches providers created after the stack's own code.
 */
export class LambdaLogRetention implements IAspect {
  constructor(private readonly retention: RetentionDays = RetentionDays.ONE_MONTH) {}

  visit(node: IConstruct): void {
    if (!(node instanceof CfnResource) || node.cfnResourceType !== 'AWS::Lambda::Function') return;
    if (node instanceof CfnFunction && (node.loggingConfig as { logGroup?: unknown } | undefined)?.logGroup)
      return;
    const scope = node.node.scope;
    const id = `${node.node.id}Logs`;
    if (!scope || scope.node.tryFindChild(id)) return;
    const logGroup = new LogGroup(scope, id, {
      retention: this.retention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    node.addPropertyOverride('LoggingConfig.LogGroup', logGroup.logGroupName);
  }
}
