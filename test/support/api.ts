/**
 * A tiny HTTP client for the local API as a signed-in user (or anonymous without a token);
 * `headers` go on every request (e.g. a User-Agent the audit log records).
 */
export function apiAs(apiUrl: string, idToken?: string, headers: Record<string, string> = {}) {
  const raw = (path: string, init: RequestInit = {}) =>
    fetch(`${apiUrl}/api${path}`, {
      ...init,
      headers: {
        ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
        ...headers,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const call = async (method: string, path: string, body?: unknown, rawBody?: string) => {
    const response = await raw(path, {
      method,
      ...(body !== undefined || rawBody !== undefined
        ? { headers: { 'Content-Type': 'application/json' } }
        : {}),
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown> & unknown) : {},
    };
  };
  return {
    call,
    /** The fetch Response itself (a download, headers). */
    raw,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    patch: (path: string, body?: unknown) => call('PATCH', path, body),
    del: (path: string, body?: unknown) => call('DELETE', path, body),
    postRaw: (path: string, body: string) => call('POST', path, undefined, body),
  };
}
export type Api = ReturnType<typeof apiAs>;

/** A Welcome Aboard payload (spec 3) that passes every rule of spec 5. */
export function onboardingPayload(email: string) {
  return {
    userRole: 'Developer/Engineer',
    companySize: 'Just me',
    email,
    useCase: 'build_mvp',
    challengeToSolve: 'An agent that files my invoices',
    submittedAt: new Date().toISOString(),
  };
}

/** Completes onboarding as the user (POST /user/onboarding), so /home is where they land. */
export async function completeOnboarding(
  apiUrl: string,
  user: { email: string; idToken: string },
): Promise<void> {
  const response = await apiAs(apiUrl, user.idToken).post('/user/onboarding', onboardingPayload(user.email));
  if (response.status !== 200)
    throw new Error(`Onboarding failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** GET /users/me/deletion until the account's deletion job ends (or the time is up): its last state. */
export async function waitForDeletion(api: Api, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await api.get('/users/me/deletion');
    if (job.body.state === 'done' || job.body.state === 'failed' || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** DELETE /users/me (202: the job is recorded), then waits for the job: its last state. */
export async function deleteAccountAndWait(api: Api, email: string) {
  const requested = await api.del('/users/me', { confirmEmail: email });
  return requested.status === 202 ? waitForDeletion(api) : requested;
}
