import { Stack } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Attachments } from '../constructs/attachments';
import { bedrockAccessStatements, bedrockEnvironment } from '../constructs/bedrock-access';
import type { Data } from '../constructs/data';
import type { Email } from '../constructs/email';
import type { McpRuntime } from '../constructs/mcp-runtime';
import type { Secrets } from '../constructs/secrets';
import type { StageConfig } from '../stage-config';

/**
 * What the automation runner reaches: it runs an agent step unattended through the chat's own
 * services (conversations with their attachments, the model resolver with the owner's keys and
 * the platform's Bedrock models, MCP servers started on demand with their OAuth connections, team
 * roles), books the owner's usage, and mails the owner (an approval to give, a run's end).
 */
export function grantAutomationRuns(
  runner: LambdaFunction,
  props: {
    config: StageConfig;
    data: Data;
    secrets: Secrets;
    mcpRuntime: McpRuntime;
    attachments: Attachments;
    email: Email | undefined;
  },
): void {
  const { config, data, secrets, mcpRuntime, attachments, email } = props;
  mcpRuntime.grantServerControl(runner);
  secrets.grantEncryptDecrypt(runner);
  attachments.grantManage(runner);
  data.grantItemReadWrite(
    runner,
    'conversations',
    'messages',
    'agentPlans',
    'mcpServers',
    'oauthConnections',
    'users',
    'usage',
  );
  data.grantGetItem(runner, 'billing', 'teams');
  data.tables.apiKeys.grantReadData(runner);
  for (const statement of bedrockAccessStatements(Stack.of(runner), {
    offer: config.bedrock,
    productIds: config.bedrockMarketplaceProductIds,
  }))
    runner.addToRolePolicy(statement);
  for (const [name, value] of Object.entries({
    BEDROCK_ENABLED: 'true',
    ...bedrockEnvironment(config.bedrock),
  }))
    runner.addEnvironment(name, value);
  email?.grantSend(runner);
}
