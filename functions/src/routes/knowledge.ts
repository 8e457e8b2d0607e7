import type { AreaRoute } from './route-definition.js';

/** The `knowledge` function's routes (`functions/src/handlers/knowledge/`). */
export const KNOWLEDGE_ROUTES = [
  // Knowledge (issue 33): collections, their files, search, passages (a team's: members read, Admins manage).
  {
    method: 'GET',
    path: '/knowledge/collections',
    area: 'knowledge',
    handler: 'list-collections',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/knowledge/collections',
    area: 'knowledge',
    handler: 'create-collection',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/knowledge/collections/{id}',
    area: 'knowledge',
    handler: 'get-collection',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/knowledge/collections/{id}',
    area: 'knowledge',
    handler: 'update-collection',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/knowledge/collections/{id}',
    area: 'knowledge',
    handler: 'delete-collection',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/knowledge/collections/{id}/files',
    area: 'knowledge',
    handler: 'list-files',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/knowledge/collections/{id}/files',
    area: 'knowledge',
    handler: 'create-upload',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/knowledge/collections/{id}/files/{fileId}',
    area: 'knowledge',
    handler: 'get-file',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/knowledge/collections/{id}/files/{fileId}',
    area: 'knowledge',
    handler: 'delete-file',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/knowledge/collections/{id}/files/{fileId}/chunks/{chunkIndex}',
    area: 'knowledge',
    handler: 'get-passage',
    auth: 'cognito',
  },
  { method: 'POST', path: '/knowledge/search', area: 'knowledge', handler: 'search', auth: 'cognito' },
] as const satisfies readonly AreaRoute<'knowledge'>[];
