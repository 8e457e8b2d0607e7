import { onboardingPayload } from '../../../support/api.js';
import { asAdmin, del, everyone, f, get, ownerOnly, people, post, put, type Rows } from '../fixture.js';

/** The account (and its memory), and its GitHub link: always the caller's own. */
export const ACCOUNT_ROWS: Rows = {
  // --- The account: always the caller's own. ---
  'GET /user': [{ on: 'own', request: () => get('/user'), expect: everyone(200) }],
  'POST /user/onboarding': [
    {
      on: 'own',
      request: (p) => post('/user/onboarding', onboardingPayload(people[p].email)),
      expect: everyone(200),
    },
  ],
  'GET /users/me': [{ on: 'own', request: () => get('/users/me'), expect: everyone(200) }],
  'GET /users/profile': [{ on: 'own', request: () => get('/users/profile'), expect: everyone(200) }],
  'GET /users/preferences': [{ on: 'own', request: () => get('/users/preferences'), expect: everyone(200) }],
  'PUT /users/preferences': [
    { on: 'own', request: () => put('/users/preferences', { theme: 'dark' }), expect: everyone(200) },
  ],
  'PUT /users/profile': [
    {
      on: 'own',
      request: () =>
        put('/users/profile', { firstName: 'Ma', lastName: 'Trix', companyName: 'Acme', role: 'Engineer' }),
      expect: everyone(200),
    },
  ],
  'PUT /users/me/waitlist-info': [
    {
      on: 'own',
      request: () => put('/users/me/waitlist-info', { referralSource: 'matrix' }),
      expect: everyone(200),
    },
  ],
  'DELETE /users/me': [
    {
      // Everyone confirms with the Admin's address: theirs is another (400); the Admin owns a team
      // with members, so their own deletion is refused (409) and nothing is deleted.
      on: "the Admin's address",
      request: () => del('/users/me', { confirmEmail: people.admin.email }),
      expect: { admin: 409, user: 400, outsider: 400, removed: 400 },
    },
  ],
  // Memory: only ever the caller's own; another's fact (the Admin's, by its id) is 404 to everyone else.
  'GET /users/memory': [{ on: 'own', request: () => get('/users/memory'), expect: everyone(200) }],
  'PUT /users/memory': [
    { on: 'own', request: () => put('/users/memory', { enabled: true }), expect: everyone(200) },
  ],
  'POST /users/memory/facts': [
    { on: 'own', request: () => post('/users/memory/facts', { text: 'I like tea.' }), expect: everyone(201) },
  ],
  'PUT /users/memory/facts/{factId}': [
    {
      on: "the Admin's fact",
      request: () => put(`/users/memory/facts/${f.factId}`, { text: 'ADMIN-PRIVATE fact, edited' }),
      expect: ownerOnly(200),
    },
  ],
  'DELETE /users/memory/facts/{factId}': [
    {
      on: "a fact of the Admin's",
      setup: async () => ({
        id: (await asAdmin(post('/users/memory/facts', { text: 'Spare fact' }), 201)).body.factId as string,
      }),
      request: (_p, made) => del(`/users/memory/facts/${made.id}`),
      expect: ownerOnly(204),
    },
  ],
  // Only ever the caller's own job; none of them has asked to be deleted.
  'GET /users/me/deletion': [{ on: 'own', request: () => get('/users/me/deletion'), expect: everyone(404) }],

  // --- GitHub: the caller's own link; a state issued to the Admin works for the Admin only. ---
  'POST /github/authorize-url': [
    { on: 'own', request: () => post('/github/authorize-url', {}), expect: everyone(200) },
  ],
  'POST /github/exchange-code': [
    {
      on: "the Admin's state and code",
      request: () =>
        post('/github/exchange-code', { code: f.github.code, state: f.github.state, targetAppId: null }),
      expect: { admin: 200, user: 400, outsider: 400, removed: 400 },
    },
  ],
  'GET /github/link': [{ on: 'own', request: () => get('/github/link'), expect: everyone(200) }],
  'DELETE /github/link': [{ on: 'own', request: () => del('/github/link'), expect: everyone(204) }],
};
