import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AgentFunction } from './agent-function';
import type { Data } from './data';

/**
 * Automations (issue 32) on AWS: the runner function (every run starts there: a schedule, the
 * webhook, 'Run now', itself to resume), the stage's EventBridge Scheduler group holding one
 * schedule per automation (made by the API: functions/src/adapters/scheduler), the role the
 * Scheduler invokes the runner with, and the dead-letter queue of invocations that failed after
 * their retries. Nothing here runs or costs while no automation is due.
 */
export class Automations extends Construct {
  readonly runner: AgentFunction;
  /** The runner's ARN from its fixed name: usable by the runner itself without a cycle. */
  readonly runnerArn: string;
  readonly scheduleGroup: ScheduleGroup;
  /** EventBridge Scheduler's execution role: lambda:InvokeFunction on the runner, and the DLQ. */
  readonly schedulerRole: Role;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: { stage: string; runnerEntry: string; data: Data }) {
    super(scope, id);
    // Named, so the runner can invoke itself (a long run's next stretch) and target its schedules
    // without a reference to its own ARN, which CloudFormation refuses as a circular dependency.
    // The stack's name is unique in its account and region, so this name never collides.
    const runnerName = `${Stack.of(this).stackName}-automation-runner`;
    if (runnerName.length > 64) throw new Error(`The runner's name ${runnerName} is longer than Lambda's 64`);
    this.runner = new AgentFunction(this, 'Runner', {
      entry: props.runnerEntry,
      stage: props.stage,
      functionName: runnerName,
      description: `AgentForge automation runner (${props.stage})`,
      // As the agent's stream function: a run is an agent plan run unattended.
      memorySize: 1024,
      // Lambda's longest: past the API's 29 s; a longer run resumes itself step by step.
      timeout: Duration.minutes(15),
    });
    props.data.addTableNames(this.runner.function);
    props.data.grantReadWrite(this.runner.function, 'automations');
    this.runnerArn = Stack.of(this).formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: runnerName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    const runnerArn = this.runnerArn;
    this.runner.function.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [runnerArn] }),
    );
    this.runner.function.addEnvironment('AUTOMATION_RUNNER_ARN', runnerArn);

    this.scheduleGroup = new ScheduleGroup(this, 'ScheduleGroup', {
      scheduleGroupName: `agentforge-${props.stage}-automations`,
    });
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    const account = Stack.of(this).account;
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        // Only this account's schedules, of this group (the confused deputy).
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': this.schedulesArn() },
        },
      }),
      description: `EventBridge Scheduler: invokes the automation runner (${props.stage})`,
    });
    this.schedulerRole.addToPolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.runner.function.functionArn],
      }),
    );
    // The Scheduler sends a failed invocation's event to the dead-letter queue as this role.
    this.schedulerRole.addToPolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }),
    );
  }

  /** The ARN of every schedule in the group (`schedule/<group>/<name>`). */
  private schedulesArn(): string {
    return Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.scheduleGroup.scheduleGroupName}/*`,
    });
  }

  /**
   * Lets a function create, change and delete the group's schedules (the automations API, and
   * account or team deletion), passing the Scheduler's role and nothing else, and tells it how.
   */
  grantScheduling(...fns: LambdaFunction[]): void {
    for (const fn of fns) {
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
          resources: [this.schedulesArn()],
        }),
      );
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [this.schedulerRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
      fn.addEnvironment('AUTOMATION_SCHEDULE_GROUP', this.scheduleGroup.scheduleGroupName);
      fn.addEnvironment('AUTOMATION_SCHEDULER_ROLE_ARN', this.schedulerRole.roleArn);
      fn.addEnvironment('AUTOMATION_DLQ_ARN', this.deadLetterQueue.queueArn);
      fn.addEnvironment('AUTOMATION_RUNNER_ARN', this.runnerArn);
    }
  }

  /** Lets a function start runs: the runner invoked asynchronously (the webhook, 'Run now'). */
  grantStartRuns(...fns: LambdaFunction[]): void {
    for (const fn of fns) {
      // The function itself (unqualified), not its versions: the runner runs $LATEST. By its name,
      // not a reference: the runner reaches the API (its URL), whose functions these are.
      fn.addToRolePolicy(
        new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.runnerArn] }),
      );
      fn.addEnvironment('AUTOMATION_RUNNER_ARN', this.runnerArn);
    }
  }
}
