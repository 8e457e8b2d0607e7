import { ProviderError } from '../models/model-provider.js';

/**
 * A provider call given at most `timeoutMs`: a slow endpoint (a Custom URL that never answers)
 * must not hold the request until the Lambda times out. The call itself is not aborted.
 */
export async function withProviderTimeout<T>(call: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new ProviderError('unavailable', `The provider did not answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
