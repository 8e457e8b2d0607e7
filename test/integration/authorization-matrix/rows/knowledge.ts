import {
  asAdmin,
  type Case,
  del,
  everyone,
  f,
  get,
  inTeam,
  type Made,
  ownerOnly,
  type Persona,
  post,
  put,
  type Request,
  type Response,
  type Rows,
  send,
  teamAdmins,
  teamMembers,
} from '../fixture.js';

/** A throwaway collection (the Free plan allows two): the Admin's own, or (`team`) the team's. */
const newCollection = async (team = false): Promise<Made> => ({
  id: (
    await asAdmin(
      post('/knowledge/collections', {
        name: team ? 'Team collection' : 'ADMIN-PRIVATE collection',
        ...(team ? { teamId: f.teamId } : {}),
      }),
      201,
    )
  ).body.id as string,
});
/** A throwaway collection with one file; `indexed`: uploaded and indexed to ready (it has chunk 0). */
const newKnowledgeFile = async (team: boolean, indexed = false): Promise<Made> => {
  const made = await newCollection(team);
  const text = 'The matrix passage about quarterly backups.';
  const upload = await asAdmin(
    post(`/knowledge/collections/${made.id}/files`, {
      fileName: 'notes.md',
      contentType: 'text/markdown',
      size: Buffer.byteLength(text),
    }),
    201,
  );
  const { file, uploadUrl, headers } = upload.body as {
    file: { id: string };
    uploadUrl: string;
    headers: Record<string, string>;
  };
  if (indexed) {
    await fetch(uploadUrl, { method: 'PUT', headers, body: text });
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const state = await send('admin', get(`/knowledge/collections/${made.id}/files/${file.id}`));
      if (state.body.status === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { ...made, fileId: file.id };
};
const dropCollection = async (made: Made) => {
  await send('admin', del(`/knowledge/collections/${made.id}`));
};
/** The collections each persona made in a POST row, deleted after it (the plan's count). */
const madeCollections: [Persona, string][] = [];
const recordCollection = (persona: Persona, response: Response) => {
  if (response.status === 201) madeCollections.push([persona, response.body.id as string]);
};
const dropMadeCollections = async () => {
  for (const [persona, id] of madeCollections.splice(0)) {
    await send(persona, del(`/knowledge/collections/${id}`));
  }
};
/** A row per knowledge route: on a team collection (`team`), and on one of the Admin's own. */
const knowledgeRows = (
  request: (made: Made) => Request,
  allowed: number,
  options: { read?: boolean; file?: 'record' | 'indexed'; deletesCollection?: boolean } = {},
): Case[] =>
  [true, false].map((team) => ({
    on: team ? 'a team collection' : "a collection of the Admin's",
    setup: () => (options.file ? newKnowledgeFile(team, options.file === 'indexed') : newCollection(team)),
    request: (_, made) => request(made),
    expect: team ? (options.read ? teamMembers : teamAdmins)(allowed) : ownerOnly(allowed),
    ...(options.deletesCollection ? {} : { teardown: dropCollection }),
  }));

/** Knowledge collections, their files and search. */
export const KNOWLEDGE_ROWS: Rows = {
  // --- Knowledge: the caller's own collections, or the team's (members read and search, Admins change). ---
  'GET /knowledge/collections': [
    { on: 'the team', request: () => get(`/knowledge/collections?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/knowledge/collections'), expect: everyone(200) },
  ],
  'POST /knowledge/collections': [
    {
      on: 'the team',
      request: () => post('/knowledge/collections', { name: 'Team made', teamId: f.teamId }),
      expect: teamAdmins(201),
      check: recordCollection,
      teardown: dropMadeCollections,
    },
    {
      on: 'own',
      request: () => post('/knowledge/collections', { name: 'Mine' }),
      expect: everyone(201),
      check: recordCollection,
      teardown: dropMadeCollections,
    },
  ],
  'GET /knowledge/collections/{id}': knowledgeRows((made) => get(`/knowledge/collections/${made.id}`), 200, {
    read: true,
  }),
  'PUT /knowledge/collections/{id}': knowledgeRows(
    (made) => put(`/knowledge/collections/${made.id}`, { name: 'Renamed' }),
    200,
  ),
  'DELETE /knowledge/collections/{id}': knowledgeRows(
    (made) => del(`/knowledge/collections/${made.id}`),
    204,
    { deletesCollection: true },
  ),
  'GET /knowledge/collections/{id}/files': knowledgeRows(
    (made) => get(`/knowledge/collections/${made.id}/files`),
    200,
    { read: true },
  ),
  'POST /knowledge/collections/{id}/files': knowledgeRows(
    (made) =>
      post(`/knowledge/collections/${made.id}/files`, {
        fileName: 'a.md',
        contentType: 'text/markdown',
        size: 5,
      }),
    201,
  ),
  'GET /knowledge/collections/{id}/files/{fileId}': knowledgeRows(
    (made) => get(`/knowledge/collections/${made.id}/files/${made.fileId}`),
    200,
    { read: true, file: 'record' },
  ),
  'DELETE /knowledge/collections/{id}/files/{fileId}': knowledgeRows(
    (made) => del(`/knowledge/collections/${made.id}/files/${made.fileId}`),
    204,
    { file: 'record' },
  ),
  'GET /knowledge/collections/{id}/files/{fileId}/chunks/{chunkIndex}': knowledgeRows(
    (made) => get(`/knowledge/collections/${made.id}/files/${made.fileId}/chunks/0`),
    200,
    { read: true, file: 'indexed' },
  ),
  'POST /knowledge/search': knowledgeRows(
    (made) => post('/knowledge/search', { query: 'quarterly backups', collectionIds: [made.id] }),
    200,
    { read: true, file: 'indexed' },
  ),
};
