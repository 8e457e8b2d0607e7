/** The landing page's mock chat textarea. */
export const LANDING_TEXTAREA = { rows: 3, minHeightPx: 80, maxHeightPx: 200 } as const;
export const LANDING_TEXTAREA_ROWS = LANDING_TEXTAREA.rows;
export const LANDING_TEXTAREA_MIN_HEIGHT_PX = LANDING_TEXTAREA.minHeightPx;
export const LANDING_TEXTAREA_MAX_HEIGHT_PX = LANDING_TEXTAREA.maxHeightPx;

/** The chat input grows with its content up to this height. */
export const CHAT_INPUT_MAX_HEIGHT_PX = 150;

function finiteOrZero(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** Usage hours as the subscription modal shows them: minutes / 60, rounded to 1 decimal. */
export function usageHoursRounded(minutes: number): number {
  // Dividing by 6 gives tenths of an hour directly, avoiding float noise such as 0.15 * 10 = 1.4999...
  return Math.round(finiteOrZero(minutes) / 6) / 10;
}

/** Usage hours as the home bar shows them: whole hours, floored. */
export function usageHoursFloored(minutes: number): number {
  return Math.floor(finiteOrZero(minutes) / 60);
}

/**
 * Token counts in thousands, as the subscription modal shows plan limits (e.g. 300000 -> '300K');
 * a count that is not whole thousands in full ('4,096', never '4.096K').
 */
export function formatThousands(tokens: number): string {
  const count = finiteOrZero(tokens);
  return count % 1000 === 0 ? `${count / 1000}K` : count.toLocaleString('en-US');
}
