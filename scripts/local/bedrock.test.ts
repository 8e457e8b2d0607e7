import { BedrockClient } from '@aws-sdk/client-bedrock';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBedrockCatalogue } from '../../functions/src/adapters/providers/bedrock-catalogue.js';
import { startLocalBedrock } from './bedrock.js';

const saved = { ...process.env };
let bedrock: Awaited<ReturnType<typeof startLocalBedrock>>;
beforeAll(async () => {
  bedrock = await startLocalBedrock();
});
afterAll(async () => {
  await bedrock?.stop();
  process.env = saved;
});

describe('the local Bedrock stand-in (npm start)', () => {
  it('points the functions’ Bedrock clients at itself and offers the platform’s live models, the retired default not', async () => {
    expect(process.env).toMatchObject({
      BEDROCK_ENABLED: 'true',
      AWS_ENDPOINT_URL_BEDROCK: bedrock.url,
      AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.url,
    });
    // As composition/models.ts builds it: the endpoint comes from the environment.
    const catalogue = createBedrockCatalogue({
      client: () => new BedrockClient({ region: 'us-east-1' }),
      region: 'us-east-1',
    });
    expect((await catalogue.list()).map(({ model, bedrockId }) => [model, bedrockId])).toEqual([
      ['claude-haiku-4-5-20251001', 'us.anthropic.claude-haiku-4-5-20251001-v1:0'],
      ['claude-sonnet-4-5-20250929', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ]);
  });

  it('answers Converse with its scripted model, with usage', async () => {
    const runtime = new BedrockRuntimeClient({ region: 'us-east-1' });
    const answer = await runtime.send(
      new ConverseCommand({
        modelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
        messages: [{ role: 'user', content: [{ text: 'hello there' }] }],
      }),
    );
    expect(answer.output?.message?.content).toEqual([{ text: 'Echo: hello there' }]);
    expect(answer.stopReason).toBe('end_turn');
    expect(answer.usage?.outputTokens).toBeGreaterThan(0);
    await expect(
      runtime.send(
        new ConverseCommand({
          modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
          messages: [{ role: 'user', content: [{ text: 'hi' }] }],
        }),
      ),
    ).rejects.toThrow('This model version has reached the end of its life.');
  });
});
