import { Stack } from 'aws-cdk-lib';
import { UserPoolEmail } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/** The environment variables that tell a function how to send product mail. */
export const MAIL_ENV = { fromAddress: 'MAIL_FROM_ADDRESS', identityArn: 'SES_IDENTITY_ARN' } as const;

export interface EmailProps {
  /** The address mail comes from, e.g. `no-reply@acme.example`. */
  readonly fromAddress: string;
  /** Shown as the sender's name. */
  readonly fromName?: string | undefined;
  readonly replyTo?: string | undefined;
  /**
   * The verified SES identity that sends, in the stack's account and region: a domain (the from
   * address's) or its ARN. @default the from address itself (a verified e-mail identity)
   */
  readonly identity?: string | undefined;
}

/**
 * Mail through Amazon SES with a verified identity of the stage: Cognito's codes (DEVELOPER
 * sending: SES quotas instead of Cognito's small daily cap) and, later, the product's own mails
 * from the functions granted it.
 */
export class Email extends Construct {
  readonly fromAddress: string;
  readonly identityArn: string;
  /** For the user pool (`Auth`'s `email`). */
  readonly userPoolEmail: UserPoolEmail;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const identity = props.identity ?? props.fromAddress;
    const isArn = identity.startsWith('arn:');
    this.fromAddress = props.fromAddress;
    this.identityArn = isArn
      ? identity
      : stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
    this.userPoolEmail = UserPoolEmail.withSES({
      fromEmail: props.fromAddress,
      ...(props.fromName ? { fromName: props.fromName } : {}),
      ...(props.replyTo ? { replyTo: props.replyTo } : {}),
      sesRegion: stack.region,
      // Checks that the from address is on the domain (Auth sets the SourceArn to identityArn).
      ...(!isArn && identity !== props.fromAddress ? { sesVerifiedDomain: identity } : {}),
    });
  }

  /**
   * Lets a function send mail from the stage's address through its identity (and only that
   * address), and tells it both (MAIL_ENV): the teams function's invitations.
   */
  grantSend(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        sid: 'SendProductMail',
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [this.identityArn],
        conditions: { StringEquals: { 'ses:FromAddress': this.fromAddress } },
      }),
    );
    fn.addEnvironment(MAIL_ENV.fromAddress, this.fromAddress);
    fn.addEnvironment(MAIL_ENV.identityArn, this.identityArn);
  }
}
