import {
  del,
  everyone,
  get,
  inTeam,
  ownerOnly,
  post,
  put,
  query,
  type Rows,
  teamAdmins,
  teamMembers,
} from '../fixture.js';
import { newFile, newPrompt, promptBody, spareFilePath } from '../resources.js';

/** The workspace's files and the prompt library. */
export const WORKSPACE_PROMPT_ROWS: Rows = {
  // --- The workspace: the caller's own files; the Admin's path names nothing of anyone else's. ---
  'GET /workspace/files': [{ on: 'own', request: () => get('/workspace/files'), expect: everyone(200) }],
  'PUT /workspace/files': [
    {
      // The Admin's path: the Admin replaces their file (200), the others create their own (201).
      on: "a path of the Admin's",
      setup: async () => ({ path: await newFile(spareFilePath()) }),
      request: (_, made) => put('/workspace/files', { path: made.path, content: 'mine' }),
      expect: { admin: 200, user: 201, outsider: 201, removed: 201 },
    },
  ],
  'DELETE /workspace/files': [
    {
      on: "a file of the Admin's",
      setup: async () => ({ path: await newFile(spareFilePath()) }),
      request: (_, made) => del(`/workspace/files?${query({ path: made.path ?? '' })}`),
      expect: ownerOnly(204),
    },
  ],
  'POST /workspace/files/rename': [
    {
      on: "a file of the Admin's",
      setup: async () => ({ path: await newFile(spareFilePath()) }),
      request: (p, made) => post('/workspace/files/rename', { from: made.path, to: `moved-by-${p}.ts` }),
      expect: ownerOnly(200),
    },
  ],

  // --- The prompt library: the caller's own prompts, or the team's (members read, Admins manage). ---
  'GET /prompts': [
    { on: 'the team', request: () => get(`/prompts?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/prompts?q=ADMIN'), expect: everyone(200) },
  ],
  'POST /prompts': [
    { on: 'the team', request: () => post(`/prompts?${inTeam()}`, promptBody('x')), expect: teamAdmins(201) },
    { on: 'own', request: () => post('/prompts', promptBody('x')), expect: everyone(201) },
  ],
  'PUT /prompts/{id}': [
    {
      on: 'a team prompt',
      setup: async () => ({ id: await newPrompt(true) }),
      request: (_, made) => put(`/prompts/${made.id}?${inTeam()}`, promptBody('edited')),
      expect: teamAdmins(200),
    },
    {
      on: "a prompt of the Admin's",
      setup: async () => ({ id: await newPrompt() }),
      request: (_, made) => put(`/prompts/${made.id}`, promptBody('edited')),
      expect: ownerOnly(200),
    },
  ],
  'DELETE /prompts/{id}': [
    {
      on: 'a team prompt',
      setup: async () => ({ id: await newPrompt(true) }),
      request: (_, made) => del(`/prompts/${made.id}?${inTeam()}`),
      expect: teamAdmins(204),
    },
    {
      on: "a prompt of the Admin's",
      setup: async () => ({ id: await newPrompt() }),
      request: (_, made) => del(`/prompts/${made.id}`),
      expect: ownerOnly(204),
    },
  ],
  'GET /prompts/export': [
    { on: 'the team', request: () => get(`/prompts/export?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/prompts/export'), expect: everyone(200) },
  ],
  'POST /prompts/import': [
    {
      on: 'the team',
      request: () => post(`/prompts/import?${inTeam()}`, { prompts: [promptBody('x')] }),
      expect: teamAdmins(201),
    },
    {
      on: 'own',
      request: () => post('/prompts/import', { prompts: [promptBody('x')] }),
      expect: everyone(201),
    },
  ],
};
