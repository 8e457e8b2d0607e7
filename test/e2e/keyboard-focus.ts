/// <reference lib="dom" />
// The function given to evaluate() runs in the browser.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Whether `locator` has the page's focus. */
export const focused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus (at most `limit` times); fails if it never does. */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await focused(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await focused(target), `Tab never reached ${target}`).toBe(true);
}
