import {
  asAdmin,
  customKey,
  del,
  everyone,
  f,
  get,
  inTeam,
  ownerOnly,
  post,
  type Rows,
  teamAdmins,
  teamMembers,
  teamOpenAiKey,
} from '../fixture.js';

/** Provider keys and voice with OpenAI. */
export const PROVIDER_KEY_ROWS: Rows = {
  // --- Provider keys: the team's (`?teamId=`) and the Admin's own. ---
  'POST /api-keys': [
    { on: 'the team', request: () => post(`/api-keys?${inTeam()}`, customKey()), expect: teamAdmins(201) },
    { on: 'own', request: () => post('/api-keys', customKey()), expect: everyone(201) },
  ],
  'GET /api-keys': [
    { on: 'the team', request: () => get(`/api-keys?${inTeam()}`), expect: teamAdmins(200) },
    { on: 'own', request: () => get('/api-keys'), expect: everyone(200) },
  ],
  'DELETE /api-keys/{id}': [
    {
      on: 'a team key',
      setup: async () => ({
        id: (await asAdmin(post(`/api-keys?${inTeam()}`, customKey()), 201)).body.id as string,
      }),
      request: (_, made) => del(`/api-keys/${made.id}?${inTeam()}`),
      expect: teamAdmins(204),
    },
    {
      // The outsider names their own team, where they are an Admin: only the key's owner stands in the way.
      on: 'a team key, named with the team one is an Admin of',
      setup: async () => ({
        id: (await asAdmin(post(`/api-keys?${inTeam()}`, customKey()), 201)).body.id as string,
      }),
      request: (p, made) => del(`/api-keys/${made.id}?teamId=${p === 'outsider' ? f.elsewhereId : f.teamId}`),
      expect: teamAdmins(204),
    },
    {
      on: "a key of the Admin's",
      setup: async () => ({ id: (await asAdmin(post('/api-keys', customKey()), 201)).body.id as string }),
      request: (_, made) => del(`/api-keys/${made.id}`),
      expect: ownerOnly(204),
    },
  ],
  'POST /api-keys/validate': [
    {
      on: "the Admin's key",
      request: () => post('/api-keys/validate', { keyId: f.keyId }),
      expect: ownerOnly(200),
    },
  ],
  'GET /api-keys/providers': [
    { on: 'the team', request: () => get(`/api-keys/providers?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/api-keys/providers'), expect: everyone(200) },
  ],

  // --- Voice with OpenAI: the team's OpenAI key for its members (none of them has one of their own). ---
  'POST /speech/transcriptions': [
    {
      on: "the team's OpenAI key",
      setup: teamOpenAiKey,
      request: () =>
        post('/speech/transcriptions', { audio: 'AAAA', mimeType: 'audio/webm', teamId: f.teamId }),
      expect: { admin: 200, user: 200, outsider: 400, removed: 400 },
      teardown: (made) => asAdmin(del(`/api-keys/${made.id}?${inTeam()}`), 204).then(() => undefined),
    },
  ],
  'POST /speech/synthesis': [
    {
      on: "the team's OpenAI key",
      setup: teamOpenAiKey,
      request: () => post('/speech/synthesis', { text: 'Hello', teamId: f.teamId }),
      expect: { admin: 200, user: 200, outsider: 400, removed: 400 },
      teardown: (made) => asAdmin(del(`/api-keys/${made.id}?${inTeam()}`), 204).then(() => undefined),
    },
  ],
};
