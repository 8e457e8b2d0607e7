import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium (Playwright's own browser download cannot work here). Playwright's
 * `launch` gives every browser a fresh temporary profile, the `--user-data-dir` the flags need.
 */
export function launchChromium({
  trustedSpki,
  extraArgs = [],
}: {
  trustedSpki?: string;
  extraArgs?: readonly string[];
} = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The local stack's self-signed certificate (the hosted sign-in domain), trusted by its key only.
      ...(trustedSpki ? [`--ignore-certificate-errors-spki-list=${trustedSpki}`] : []),
      ...extraArgs,
    ],
  });
}
