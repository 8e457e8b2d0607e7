import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENTS_BUCKET_ENV } from '../../lib/constructs/attachments';
import { STREAM_PATH } from '../../lib/constructs/web-hosting';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { cspText, expectResource, PRIVATE_ENCRYPTED_BUCKET, propertiesOf, synthStack } from './synth';

interface Statement {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

let stack: AgentForgeStack;
let template: Template;
let bucketId: string;
let logsId: string;
let distributionId: string;
const functionIds: Record<
  'conversations' | 'stream' | 'messages' | 'agentStream' | 'knowledge' | 'indexer',
  string
> = {
  knowledge: '',
  indexer: '',
  conversations: '',
  stream: '',
  messages: '',
  agentStream: '',
};

beforeAll(() => {
  ({ stack, template } = synthStack());
  const idOf = (construct: { node: { defaultChild?: unknown } }) =>
    stack.getLogicalId(construct.node.defaultChild as never);
  bucketId = idOf(stack.attachments.bucket);
  logsId = idOf(stack.web.logs);
  distributionId = idOf(stack.web.distribution);
  functionIds.conversations = idOf(stack.api.functions.conversations.function);
  functionIds.messages = idOf(stack.api.functions.messages.function);
  functionIds.knowledge = idOf(stack.api.functions.knowledge.function);
  functionIds.indexer = idOf(stack.knowledgeIndexing.indexer.function);
  functionIds.stream = idOf(stack.streaming.endpointFor(STREAM_PATH).function.function);
  const agent = stack.streaming.endpoints.find((endpoint) => endpoint.path !== STREAM_PATH);
  functionIds.agentStream = agent ? idOf(agent.function.function) : '';
}, 120_000);

const bucketArn = () => ({ 'Fn::GetAtt': [bucketId, 'Arn'] });
const objectsArn = () => ({ 'Fn::Join': ['', [bucketArn(), '/attachments/*']] });

/** The S3 statements of the identity policies of a function's role. */
function s3StatementsOf(functionId: string): Statement[] {
  const role = (
    propertiesOf(template, 'AWS::Lambda::Function', functionId).Role as { 'Fn::GetAtt': [string] }
  )['Fn::GetAtt'][0];
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
  }) as Record<string, { Properties: { PolicyDocument: { Statement: Statement[] } } }>;
  return Object.values(policies)
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
    .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')));
}

const environmentOf = (functionId: string) =>
  (
    propertiesOf(template, 'AWS::Lambda::Function', functionId).Environment as {
      Variables: Record<string, unknown>;
    }
  ).Variables;

describe('the attachments bucket', () => {
  it('is private, encrypted, TLS only, logged, retained, and aborts incomplete uploads after a day', () => {
    expectResource(template, bucketId, {
      Properties: {
        ...PRIVATE_ENCRYPTED_BUCKET,
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
        LoggingConfiguration: {
          DestinationBucketName: { Ref: logsId },
          LogFilePrefix: 'attachments-bucket/',
        },
        LifecycleConfiguration: {
          Rules: [{ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }],
        },
        VersioningConfiguration: Match.absent(),
        CorsConfiguration: Match.absent(),
        BucketName: Match.absent(),
      },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it("allows PUT, GET and HEAD from the app's origins only (CORS set once the distribution exists)", () => {
    const calls = Object.values(template.findResources('Custom::AWS')).map((resource) => {
      const parts = (resource.Properties.Create as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      // The SDK call as JSON, with the values CloudFormation fills in named.
      const text = parts
        .map((part) =>
          typeof part === 'string'
            ? part
            : 'Ref' in (part as object)
              ? `<Ref ${(part as { Ref: string }).Ref}>`
              : `<${(part as { 'Fn::GetAtt': string[] })['Fn::GetAtt'].join('.')}>`,
        )
        .join('');
      return JSON.parse(text);
    });
    expect(calls).toEqual([
      {
        service: 'S3',
        action: 'putBucketCors',
        parameters: {
          Bucket: `<Ref ${bucketId}>`,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: [
                  'http://localhost:5173',
                  'https://app.example.com',
                  `https://<${distributionId}.DomainName>`,
                ],
                AllowedMethods: ['PUT', 'GET', 'HEAD'],
                AllowedHeaders: ['content-type', 'x-amz-meta-filename'],
                ExposeHeaders: ['ETag'],
                MaxAgeSeconds: 600,
              },
            ],
          },
        },
        physicalResourceId: { id: 'Attachments-cors' },
      },
    ]);
  });

  it("is in the app's CSP connect-src (presigned URLs go to the bucket's regional endpoint)", () => {
    const policy = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0];
    const csp = cspText(
      policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
        .ContentSecurityPolicy,
    );
    expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/<token>\.s3\.us-east-1\.<token>/);
    const join = JSON.stringify(
      policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
        .ContentSecurityPolicy,
    );
    expect(join).toContain(`{"Ref":"${bucketId}"}`);
  });
});

describe('access to attachments', () => {
  it('lets the conversations function put, get and delete objects under attachments/ and list that prefix only', () => {
    expect(s3StatementsOf(functionIds.conversations)).toEqual([
      {
        Sid: 'AttachmentObjects',
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        Resource: objectsArn(),
      },
      {
        Sid: 'ListAttachments',
        Effect: 'Allow',
        Action: 's3:ListBucket',
        Resource: bucketArn(),
        Condition: { StringLike: { 's3:prefix': ['attachments/*'] } },
      },
    ]);
    expect(environmentOf(functionIds.conversations)[ATTACHMENTS_BUCKET_ENV]).toEqual({ Ref: bucketId });
  });

  it('lets the knowledge functions touch objects under knowledge/ only, and list that prefix only', () => {
    for (const id of [functionIds.knowledge, functionIds.indexer]) {
      expect(s3StatementsOf(id)).toEqual([
        {
          Sid: 'KnowledgeObjects',
          Effect: 'Allow',
          Action: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
          Resource: { 'Fn::Join': ['', [bucketArn(), '/knowledge/*']] },
        },
        {
          Sid: 'ListKnowledge',
          Effect: 'Allow',
          Action: 's3:ListBucket',
          Resource: bucketArn(),
          Condition: { StringLike: { 's3:prefix': ['knowledge/*'] } },
        },
      ]);
    }
  });

  it('lets the chat stream only read them (GetObject covers HEAD), and the knowledge indexes under knowledge/', () => {
    expect(s3StatementsOf(functionIds.stream)).toEqual([
      { Sid: 'ReadAttachments', Effect: 'Allow', Action: 's3:GetObject', Resource: objectsArn() },
      {
        Sid: 'ReadKnowledge',
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [bucketArn(), '/knowledge/*']] },
      },
    ]);
    expect(environmentOf(functionIds.stream)[ATTACHMENTS_BUCKET_ENV]).toEqual({ Ref: bucketId });
  });

  it("lets the agent's streams read the knowledge indexes only (search_knowledge), not the attachments", () => {
    expect(s3StatementsOf(functionIds.agentStream)).toEqual([
      {
        Sid: 'ReadKnowledge',
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [bucketArn(), '/knowledge/*']] },
      },
    ]);
  });

  it('gives no other function access or the bucket name', () => {
    expect(s3StatementsOf(functionIds.messages)).toEqual([]);
    expect(environmentOf(functionIds.messages)).not.toHaveProperty(ATTACHMENTS_BUCKET_ENV);
    const grantees = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy).includes(`"${bucketId}"`),
    );
    // The conversations and stream functions, account deletion (a deleted user's conversations'
    // files), the CORS custom resource (s3:PutBucketCORS on the bucket), the knowledge area and
    // indexer (knowledge/ only), the bucket notifications' custom resource (uploads → SQS) and
    // the automation runner (a run's conversation, through the chat's services), and the agent's
    // plan and step streams (knowledge/ only: search_knowledge).
    expect(grantees).toHaveLength(10);
  });
});
