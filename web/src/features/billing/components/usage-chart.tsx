import type { UsageHistory } from '@agentforge/shared';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

const CHART_TITLE = 'Tokens per day, last 30 days';

/** '2026-11-23' -> 'Nov 23' (UTC days, as the server counts them). */
function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Daily tokens as stacked bars: the platform's models (limited by the plan) and the user's own API
 * keys (recorded, not limited). Loaded lazily with recharts, so no other page carries the chart
 * library. Arrow keys move the tooltip from day to day (recharts' accessibility layer).
 */
export default function UsageChart({ days }: { days: UsageHistory['days'] }) {
  const data = days.map((day) => ({ ...day, label: dayLabel(day.date) }));
  return (
    <BarChart
      responsive
      data={data}
      title={CHART_TITLE}
      style={{ width: '100%', height: 200 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis
        dataKey="label"
        tick={{ fontSize: 11, fill: '#475569' }}
        interval="preserveStartEnd"
        minTickGap={16}
      />
      <YAxis tick={{ fontSize: 11, fill: '#475569' }} width={48} allowDecimals={false} />
      <Tooltip />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar dataKey="tokens" name="Platform models" stackId="tokens" fill="#4f46e5" />
      <Bar dataKey="ownKeyTokens" name="Your API keys" stackId="tokens" fill="#94a3b8" />
    </BarChart>
  );
}
