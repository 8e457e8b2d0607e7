import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildWebApp } from '../../scripts/bench/web-pages.js';
import { apiAs, completeOnboarding } from '../support/api.js';
import { launchChromium } from '../support/browser.js';
import { configureAmplify, signUpAndSignIn, TEST_PASSWORD, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';

type Stack = Awaited<ReturnType<typeof startTestStack>>;

/** What every e2e file shares: one local stack (with the web app), one Chromium, a model server. */
export type E2e = {
  stack: Stack;
  models: ModelServer;
  browser: Browser;
  url: (path: string) => string;
  /**
   * A fresh browser context (no cookies or storage of another test) and its page, closed after the
   * test; with `persist` (for a beforeAll) it lives until the file ends.
   */
  openPage: (options?: {
    width?: number;
    height?: number;
    persist?: boolean;
    colorScheme?: 'light' | 'dark';
  }) => Promise<Page>;
  screenshot: (page: Page, name: string) => Promise<unknown>;
};

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

/** What a page logged that a failed test's report shows (its console errors and uncaught errors). */
const logs = new WeakMap<Page, string[]>();

function watch(page: Page): Page {
  const lines: string[] = [];
  logs.set(page, lines);
  const keep = (line: string) => {
    lines.push(line.slice(0, 500));
    if (lines.length > 50) lines.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      keep(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(`page error: ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) keep(`navigated: ${frame.url()}`);
  });
  return page;
}

/** A failed test's pages as they are: where each is, what it logged, what it shows (CI has no screenshots). */
async function report(pages: readonly Page[]): Promise<void> {
  for (const page of pages) {
    if (page.isClosed()) continue;
    // The accessibility tree: what getByRole finds (a modal hides the rest of the page from it).
    const tree = await page
      .locator('body')
      .ariaSnapshot({ timeout: 2_000 })
      .catch((error: unknown) => `(none: ${String(error)})`);
    console.error(
      [
        `--- page ${page.url()}`,
        ...(logs.get(page) ?? []),
        '--- its accessibility tree:',
        tree.slice(0, 6_000),
      ].join('\n'),
    );
  }
}

/** The SHA-256 of the hosted sign-in domain's public key (its certificate is made by the stack). */
function localCertificateSpki(dataDir: string): string {
  const certificate = new X509Certificate(
    readFileSync(join(dataDir, 'cognito', '.cognito', 'hosted-domain.crt')),
  );
  return createHash('sha256')
    .update(certificate.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}

/** The stack of the file running (one per e2e file), for the helpers that make users through its API. */
let current: E2e | undefined;

/**
 * Starts the stack, the model server and Chromium before the file's tests and stops them after.
 * `stack` passes options to the local stack (the waitlist mode of onboarding.test.ts);
 * `platformModels`: the platform's Bedrock models are offered, their client pointed at the model
 * server (as on AWS, where they count against the plan's limits).
 */
export function setUpE2e(
  file: string,
  {
    platformModels = false,
    builtWeb = false,
    chromiumArgs = [],
    ...stack
  }: Omit<Parameters<typeof startTestStack>[0], 'web'> & {
    platformModels?: boolean;
    /** More Chromium flags (voice: a fake microphone that needs no permission prompt). */
    chromiumArgs?: readonly string[];
    /** The web app's production build, served as CloudFront serves it (its prerendered pages). */
    builtWeb?: boolean;
  } = {},
): E2e {
  let built: string | undefined;
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const e2e = {
    url: (path: string) => `${e2e.stack.webUrl}${path}`,
    openPage: async ({ width = 1280, height = 800, persist = false, colorScheme = 'light' } = {}) => {
      const context = await e2e.browser.newContext({ viewport: { width, height }, colorScheme });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      if (!persist) contexts.push(context);
      const page = watch(await context.newPage());
      pages.push(page);
      return page;
    },
    screenshot: (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${file}-${name}.png` }),
  } as E2e;

  beforeAll(async () => {
    e2e.models = await startModelServer();
    if (platformModels) {
      // Each e2e file runs in its own process, so this reaches only this file's stack.
      Object.assign(process.env, platformModelsEnv(e2e.models.url));
    }
    if (builtWeb) built = await buildWebApp();
    e2e.stack = await startTestStack({ ...stack, web: built ? { build: built } : true });
    current = e2e;
    configureAmplify(e2e.stack.runtimeConfig);
    e2e.browser = await launchChromium({
      trustedSpki: localCertificateSpki(e2e.stack.dataDir),
      extraArgs: chromiumArgs,
    });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await report(pages);
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.stack?.stop();
    await e2e.models?.stop();
    if (built) await rm(built, { recursive: true, force: true });
  });
  return e2e;
}

/**
 * A new confirmed account (made through the identity service; the UI flows have their own tests)
 * that has completed onboarding through the API, so it lands on /home like any returning user.
 * `onboarded: false` leaves it to meet the Welcome Aboard form (onboarding.test.ts).
 */
export async function signUpAs(
  label: string,
  { onboarded = true }: { onboarded?: boolean } = {},
): Promise<{ email: string; idToken: string }> {
  const user = await signUpAndSignIn(uniqueEmail(label));
  if (onboarded) {
    if (!current) throw new Error('signUpAs runs inside a file that called setUpE2e');
    await completeOnboarding(current.stack.apiUrl, user);
  }
  return user;
}

/**
 * Fills in Welcome Aboard in the browser with answers that pass every rule and continues (a user
 * signed up through the UI meets it after their first sign-in).
 */
export async function completeOnboardingInBrowser(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Welcome Aboard' }).waitFor();
  await page.getByLabel("What's your role?").selectOption('Developer/Engineer');
  await page.getByLabel('Team size').selectOption('Just me');
  await page.getByLabel('What do you want to build?').fill('An agent that files my invoices');
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A new account with the local model server stored as its custom endpoint ('Local model'). */
export async function signUpWithModel(e2e: E2e, label: string): Promise<{ email: string; idToken: string }> {
  const user = await signUpAs(label);
  const key = await apiAs(e2e.stack.apiUrl, user.idToken).post('/api-keys', {
    provider: 'custom',
    baseUrl: e2e.models.baseUrls.custom,
    label: 'Local model',
  });
  expect(key.status).toBe(201);
  return user;
}

/** Logs in through the login form and waits for /home. */
export async function loginAs(e2e: E2e, page: Page, email: string): Promise<void> {
  await page.goto(e2e.url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(e2e.url('/home'));
}

/** The Amplify session the page stored: who signed in (LastAuthUser) and their ID token. */
export async function storedSession(page: Page): Promise<{ user: string; idToken: string }> {
  return page.evaluate(() => {
    const entries = Object.entries(localStorage);
    const value = (suffix: string) => entries.find(([key]) => key.endsWith(suffix))?.[1] ?? '';
    return { user: value('.LastAuthUser'), idToken: value('.idToken') };
  });
}

/** Chooses a page or a dialog (Settings, Subscription, Activity log, ...) in the sidebar's account menu. */
export async function fromAccountMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * axe (WCAG 2.1 A/AA) on what the page shows now; fails on any serious or critical violation,
 * naming the rule and the elements.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
    .join('\n');
  expect(serious, `axe on ${what}`).toBe('');
}
