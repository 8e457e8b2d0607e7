import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATTACHMENT_MESSAGES, MAX_IMAGE_BYTES } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3AttachmentStore } from '../../functions/src/adapters/s3/s3-attachment-store.js';
import { LOCAL_ATTACHMENTS_BUCKET } from '../../scripts/local/stack.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, type RecordedRequest, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
type User = { api: Api; idToken: string; userId: string; custom: string };
let alice: User;
let bob: User;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
const CODE = new TextEncoder().encode('export const answer = 42;\n');

const subOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;

async function signUp(): Promise<User> {
  const { idToken } = await signUpAndSignIn();
  const api = apiAs(stack.apiUrl, idToken);
  const custom = await api.post('/api-keys', {
    provider: 'custom',
    baseUrl: models.baseUrls.custom,
    label: 'Local',
  });
  expect(custom.status).toBe(201);
  return { api, idToken, userId: subOf(idToken), custom: `custom:${custom.body.id as string}` };
}

async function newConversation(api: Api): Promise<string> {
  const now = Date.now();
  const { body } = await api.post('/conversations', {
    title: 'Attachments',
    name: 'Attachments',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  return body.id as string;
}

/** Asks for an upload URL and PUTs the bytes to it, as the browser does. */
async function upload(
  user: User,
  conversationId: string,
  fileName: string,
  contentType: string,
  bytes: Uint8Array<ArrayBuffer>,
) {
  const created = await user.api.post(`/conversations/${conversationId}/attachments`, {
    fileName,
    contentType,
    size: bytes.length,
  });
  expect(created.status).toBe(201);
  const { attachmentId, uploadUrl, headers } = created.body as {
    attachmentId: string;
    uploadUrl: string;
    headers: Record<string, string>;
  };
  const put = await fetch(uploadUrl, { method: 'PUT', headers, body: bytes });
  expect(put.status).toBe(200);
  return { attachmentId, uploadUrl, headers };
}

function streamUrl(query: Record<string, string>) {
  return `${stack.apiUrl}/api/messages/generate-stream?${new URLSearchParams(query)}`;
}

const lastChatRequest = (dialect: RecordedRequest['dialect']) =>
  models.requests.filter((r) => r.dialect === dialect && r.method === 'POST').at(-1);

const storage = () =>
  createS3AttachmentStore({
    region: 'us-east-1',
    bucket: LOCAL_ATTACHMENTS_BUCKET,
    endpoint: stack.s3Url,
    credentials: JSON.parse(readFileSync(join(stack.dataDir, 's3-credentials.json'), 'utf8')),
  });

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  alice = await signUp();
  const anthropic = await alice.api.post('/api-keys', {
    provider: 'anthropic',
    apiKey: 'sk-ant-test-key',
    baseUrl: models.baseUrls.anthropic,
  });
  expect(anthropic.status).toBe(201);
  bob = await signUp();
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe('attachments', () => {
  it('uploads through a presigned URL and serves the file back with safe headers', async () => {
    const conversationId = await newConversation(alice.api);
    const { attachmentId } = await upload(alice, conversationId, 'cat photo.png', 'image/png', PNG);

    const redirect = await fetch(
      `${stack.apiUrl}/api/conversations/${conversationId}/attachments/${attachmentId}`,
      {
        headers: { Authorization: `Bearer ${alice.idToken}` },
        redirect: 'manual',
      },
    );
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(location.startsWith(`${stack.s3Url}/`)).toBe(true);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="cat photo.png"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);

    const text = await upload(alice, conversationId, 'main.ts', 'video/mp2t', CODE);
    const asJson = await alice.api.get(
      `/conversations/${conversationId}/attachments/${text.attachmentId}?redirect=false`,
    );
    expect(asJson.status).toBe(200);
    const download = await fetch(asJson.body.url as string);
    expect(download.headers.get('content-type')).toBe('text/plain');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="main.ts"/);
  });

  it('refuses an upload of another type or size than the signature binds', async () => {
    const conversationId = await newConversation(alice.api);
    const created = await alice.api.post(`/conversations/${conversationId}/attachments`, {
      fileName: 'cat.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    const { uploadUrl, headers, attachmentId } = created.body as {
      uploadUrl: string;
      headers: Record<string, string>;
      attachmentId: string;
    };
    const asHtml = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'text/html' },
      body: PNG,
    });
    expect(asHtml.status).toBe(403);
    const longer = await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(PNG.length + 100) });
    expect(longer.status).toBe(403);
    const missing = await alice.api.get(`/conversations/${conversationId}/attachments/${attachmentId}`);
    expect(missing.status).toBe(404);
  });

  it('refuses bad types and sizes with a clear message', async () => {
    const conversationId = await newConversation(alice.api);
    const post = (body: object) => alice.api.post(`/conversations/${conversationId}/attachments`, body);
    const exe = await post({ fileName: 'tool.exe', contentType: 'application/octet-stream', size: 10 });
    expect(exe.status).toBe(400);
    expect(exe.body.message).toContain(ATTACHMENT_MESSAGES.unsupportedType('tool.exe'));
    const huge = await post({ fileName: 'big.png', contentType: 'image/png', size: MAX_IMAGE_BYTES + 1 });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toContain(ATTACHMENT_MESSAGES.imageTooLarge('big.png'));
    const tooMany = await fetch(
      streamUrl({
        conversationId,
        provider: alice.custom,
        model: 'llama3.2:latest',
        triggerContent: 'x',
        attachmentIds: 'a,b,c,d,e,f',
      }),
      { headers: { Authorization: `Bearer ${alice.idToken}` } },
    );
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toContain(ATTACHMENT_MESSAGES.tooMany);
  });

  it('sends an image and a text file to Anthropic in its protocol, and records them on the message', async () => {
    const conversationId = await newConversation(alice.api);
    const image = await upload(alice, conversationId, 'cat.png', 'image/png', PNG);
    const code = await upload(alice, conversationId, 'answer.ts', '', CODE);
    const events = await collect(
      readStream(
        streamUrl({
          conversationId,
          provider: 'anthropic',
          model: 'claude-3-haiku-20240307',
          triggerContent: 'What do you see?',
          attachmentIds: `${image.attachmentId},${code.attachmentId}`,
        }),
        alice.idToken,
      ),
    );
    expect(events.at(-1)?.event).toMatchObject({ type: 'end', status: 'completed' });

    const request = lastChatRequest('anthropic');
    expect(request?.path).toBe('/v1/messages');
    const body = request?.body as { messages: { role: string; content: unknown }[] };
    expect(body.messages[0]).toEqual({
      role: 'user',
      content: [
        {
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: Buffer.from(PNG).toString('base64') },
        },
        {
          type: 'text',
          text: 'Attached file answer.ts:\n```ts\nexport const answer = 42;\n```\n\nWhat do you see?',
        },
      ],
    });

    const { body: conversation } = await alice.api.get(`/conversations/${conversationId}`);
    const user = (conversation.messages as { role: string; attachments?: unknown[] }[]).find(
      (m) => m.role === 'user',
    );
    expect(user?.attachments).toEqual([
      {
        id: image.attachmentId,
        fileName: 'cat.png',
        contentType: 'image/png',
        size: PNG.length,
        kind: 'image',
      },
      {
        id: code.attachmentId,
        fileName: 'answer.ts',
        contentType: 'text/plain',
        size: CODE.length,
        kind: 'text',
      },
    ]);
  });

  it('inlines a text file for an OpenAI-compatible endpoint, and refuses images there', async () => {
    const conversationId = await newConversation(alice.api);
    const code = await upload(alice, conversationId, 'answer.ts', 'text/plain', CODE);
    const saved = await alice.api.post('/messages', {
      conversationId,
      content: 'Explain this file',
      role: 'user',
      provider: alice.custom,
      model: 'llama3.2:latest',
    });
    expect(saved.status).toBe(201);
    const events = await collect(
      readStream(
        streamUrl({
          conversationId,
          provider: alice.custom,
          model: 'llama3.2:latest',
          attachmentIds: code.attachmentId,
        }),
        alice.idToken,
      ),
    );
    expect(events.at(-1)?.event).toMatchObject({ type: 'end', status: 'completed' });
    const body = lastChatRequest('custom')?.body as { messages: { role: string; content: unknown }[] };
    expect(body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Attached file answer.ts:\n```ts\nexport const answer = 42;\n```\n\nExplain this file',
    });

    const image = await upload(alice, conversationId, 'cat.png', 'image/png', PNG);
    const refused = await fetch(
      streamUrl({
        conversationId,
        provider: alice.custom,
        model: 'llama3.2:latest',
        triggerContent: 'And this?',
        attachmentIds: image.attachmentId,
      }),
      { headers: { Authorization: `Bearer ${alice.idToken}` } },
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      ATTACHMENT_MESSAGES.modelRefusesImages,
    );
  });

  it("keeps another user's attachments out of reach (404, and not usable in a stream)", async () => {
    const conversationId = await newConversation(alice.api);
    const { attachmentId } = await upload(alice, conversationId, 'secret.md', 'text/markdown', CODE);
    const path = `/conversations/${conversationId}/attachments/${attachmentId}`;
    expect((await bob.api.get(path)).status).toBe(404);
    expect((await bob.api.get(`${path}?redirect=false`)).status).toBe(404);
    expect(
      (
        await bob.api.post(`/conversations/${conversationId}/attachments`, {
          fileName: 'a.txt',
          contentType: 'text/plain',
          size: 1,
        })
      ).status,
    ).toBe(404);

    const bobsConversation = await newConversation(bob.api);
    expect((await bob.api.get(`/conversations/${bobsConversation}/attachments/${attachmentId}`)).status).toBe(
      404,
    );
    const stolen = await fetch(
      streamUrl({
        conversationId: bobsConversation,
        provider: bob.custom,
        model: 'llama3.2:latest',
        triggerContent: 'Read it',
        attachmentIds: attachmentId,
      }),
      { headers: { Authorization: `Bearer ${bob.idToken}` } },
    );
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { message: string }).message).toBe(ATTACHMENT_MESSAGES.notUploaded);
  });

  it('deletes the files with their conversation', async () => {
    const conversationId = await newConversation(alice.api);
    const other = await newConversation(alice.api);
    const one = await upload(alice, conversationId, 'a.txt', 'text/plain', CODE);
    const two = await upload(alice, conversationId, 'b.png', 'image/png', PNG);
    const kept = await upload(alice, other, 'c.txt', 'text/plain', CODE);
    const key = (conversation: string, id: string) => `attachments/${alice.userId}/${conversation}/${id}`;
    expect(await storage().head(key(conversationId, one.attachmentId))).toBeDefined();

    expect((await alice.api.del(`/conversations/${conversationId}`)).status).toBe(204);
    expect(await storage().head(key(conversationId, one.attachmentId))).toBeUndefined();
    expect(await storage().head(key(conversationId, two.attachmentId))).toBeUndefined();
    expect(await storage().head(key(other, kept.attachmentId))).toBeDefined();
  });
});
