import axe from 'axe-core';

/** axe's violations in `element` (jsdom cannot compute colours: contrast is checked in the e2e tests). */
export async function axeViolations(element: Element): Promise<string[]> {
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}
