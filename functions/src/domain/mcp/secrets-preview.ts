import { GITHUB_TOKEN_REFERENCE } from '@agentforge/shared';

const DOTS = '••••••••';

/** How an environment value is shown: never whole; the last 4 characters of long values. */
export function maskValue(value: string): string {
  // A reference to the linked GitHub account is no secret: the form shows it as such.
  if (value === GITHUB_TOKEN_REFERENCE) return value;
  return value.length > 12 ? `${DOTS}${value.slice(-4)}` : DOTS;
}

export function previewOf(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, maskValue(value)]));
}

/**
 * A form sends back the masked values it was shown for keys it did not change: those keep their
 * stored value. Anything else is a new value.
 */
export function mergeEnvironment(
  submitted: Record<string, string>,
  stored: Record<string, string>,
  storedPreview: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(submitted).map(([key, value]) => [
      key,
      key in stored && value === storedPreview[key] ? (stored[key] as string) : value,
    ]),
  );
}
