/** A tiny HTTP client for the local API as a signed-in user (or anonymous without a token). */
export function apiAs(apiUrl: string, idToken?: string) {
  const call = async (method: string, path: string, body?: unknown, raw?: string) => {
    const response = await fetch(`${apiUrl}/api${path}`, {
      method,
      headers: {
        ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
        ...(body !== undefined || raw !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown> & unknown) : {},
    };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    patch: (path: string, body?: unknown) => call('PATCH', path, body),
    del: (path: string, body?: unknown) => call('DELETE', path, body),
    postRaw: (path: string, raw: string) => call('POST', path, undefined, raw),
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
