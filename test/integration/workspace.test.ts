import {
  MAX_WORKSPACE_FILE_BYTES,
  MAX_WORKSPACE_FILES,
  WORKSPACE_DEMO_FILE,
  WORKSPACE_MESSAGES,
  workspaceFileListSchema,
  workspaceFileSchema,
} from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'error';
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
});
afterAll(async () => {
  await stack?.stop();
});

async function signUp(): Promise<Api> {
  const { idToken } = await signUpAndSignIn();
  return apiAs(stack.apiUrl, idToken);
}

const paths = async (api: Api) =>
  workspaceFileListSchema.parse((await api.get('/workspace/files')).body).files.map((file) => file.path);
const query = (path: string) => `?path=${encodeURIComponent(path)}`;

describe('the code workspace API on the local stack', () => {
  it('starts a new workspace with the demo file, once', async () => {
    const api = await signUp();
    const listed = await api.get('/workspace/files');
    expect(listed.status).toBe(200);
    const { files } = workspaceFileListSchema.parse(listed.body);
    expect(files).toEqual([
      expect.objectContaining({ path: WORKSPACE_DEMO_FILE.path, content: WORKSPACE_DEMO_FILE.content }),
    ]);
    expect((await api.del(`/workspace/files${query(WORKSPACE_DEMO_FILE.path)}`)).status).toBe(204);
    expect(await paths(api)).toEqual([]);
  });

  it('creates, replaces, renames and deletes files by path', async () => {
    const api = await signUp();
    expect(await paths(api)).toEqual([WORKSPACE_DEMO_FILE.path]);
    const created = await api.put('/workspace/files', { path: 'src/index.html', content: '<h1>Hi</h1>' });
    expect(created.status).toBe(201);
    const file = workspaceFileSchema.parse(created.body);
    expect(file).toMatchObject({ path: 'src/index.html', content: '<h1>Hi</h1>' });

    const replaced = await api.put('/workspace/files', { path: 'src/index.html', content: '<h1>Bye</h1>' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ content: '<h1>Bye</h1>', createdAt: file.createdAt });

    const renamed = await api.post('/workspace/files/rename', {
      from: 'src/index.html',
      to: 'src/page.html',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ path: 'src/page.html', content: '<h1>Bye</h1>' });
    expect(await paths(api)).toEqual([WORKSPACE_DEMO_FILE.path, 'src/page.html']);

    await api.put('/workspace/files', { path: 'taken.css', content: '' });
    const clash = await api.post('/workspace/files/rename', { from: 'src/page.html', to: 'taken.css' });
    expect(clash).toMatchObject({ status: 409, body: { message: WORKSPACE_MESSAGES.fileExists } });
    const gone = await api.post('/workspace/files/rename', { from: 'nope.js', to: 'other.js' });
    expect(gone.status).toBe(404);

    expect((await api.del(`/workspace/files${query('src/page.html')}`)).status).toBe(204);
    expect((await api.del(`/workspace/files${query('src/page.html')}`)).status).toBe(404);
    expect(await paths(api)).toEqual([WORKSPACE_DEMO_FILE.path, 'taken.css']);
  });

  it('refuses bad paths, oversized content and a file beyond the limit', async () => {
    const api = await signUp();
    for (const [path, message] of [
      ['', WORKSPACE_MESSAGES.pathRequired],
      ['../etc/passwd', WORKSPACE_MESSAGES.pathDotSegment],
      ['/abs.js', WORKSPACE_MESSAGES.pathAbsolute],
      ['a//b.js', WORKSPACE_MESSAGES.pathEmptySegment],
      ['#seeded', WORKSPACE_MESSAGES.pathCharacters],
      ['x'.repeat(201), WORKSPACE_MESSAGES.pathTooLong],
    ] as const) {
      const response = await api.put('/workspace/files', { path, content: '' });
      expect(response.status, path).toBe(400);
      expect(response.body.message, path).toContain(message);
    }
    const big = await api.put('/workspace/files', {
      path: 'big.txt',
      content: 'x'.repeat(MAX_WORKSPACE_FILE_BYTES + 1),
    });
    expect(big).toMatchObject({ status: 400 });
    expect(big.body.message).toContain(WORKSPACE_MESSAGES.contentTooLarge);
    expect((await api.del('/workspace/files?path=..')).status).toBe(400);

    await paths(api); // the demo file is one of the files
    for (let i = 1; i < MAX_WORKSPACE_FILES; i++) {
      expect((await api.put('/workspace/files', { path: `f${i}.js`, content: '' })).status).toBe(201);
    }
    const over = await api.put('/workspace/files', { path: 'one-more.js', content: '' });
    expect(over).toMatchObject({ status: 409, body: { message: WORKSPACE_MESSAGES.tooManyFiles } });
    // Replacing a file at the limit is still allowed.
    expect((await api.put('/workspace/files', { path: 'f1.js', content: 'x' })).status).toBe(200);
  });

  it("never shows or touches another user's files: 404", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await alice.put('/workspace/files', { path: 'secret.js', content: 'const key = 1;' });
    expect(await paths(bob)).toEqual([WORKSPACE_DEMO_FILE.path]);
    expect((await bob.del(`/workspace/files${query('secret.js')}`)).status).toBe(404);
    expect((await bob.post('/workspace/files/rename', { from: 'secret.js', to: 'mine.js' })).status).toBe(
      404,
    );
    expect(await paths(alice)).toContain('secret.js');
  });

  it('answers 401 without a token', async () => {
    expect((await apiAs(stack.apiUrl).get('/workspace/files')).status).toBe(401);
  });
});
