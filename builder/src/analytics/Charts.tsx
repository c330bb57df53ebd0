import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import {
  type AnalyticsBreakdownRow,
  type AnalyticsPoint,
  formatNumber,
  type Interval,
  periodLabel,
  periodTick,
} from "./logic.ts";

const BLUE = "#1668dc";

/**
 * A metric over time (an area under its line). The SVG is keyboard focusable (recharts' accessibility
 * layer: arrow keys walk the points with the tooltip) and named by `label`; the table under it holds the
 * same numbers for screen readers.
 */
export function TrendChart({
  points,
  interval,
  label,
  name,
}: {
  points: AnalyticsPoint[];
  interval: Interval;
  label: string;
  name: string;
}) {
  const data = points.map((p) => ({ period: p.period, value: p.value }));
  return (
    <div className="analytics-chart">
      <ResponsiveContainer width="100%" height={220}>
        <AreaChart
          data={data}
          accessibilityLayer
          aria-label={label}
          margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="period"
            tickFormatter={(p: string) => periodTick(p, interval)}
            minTickGap={24}
            tick={{ fontSize: 12, fill: "#595959" }}
          />
          <YAxis allowDecimals={false} width={44} tick={{ fontSize: 12, fill: "#595959" }} />
          <Tooltip
            labelFormatter={(p) => periodLabel(String(p), interval)}
            formatter={(v) => [formatNumber(Number(v)), name]}
          />
          <Area
            type="linear"
            dataKey="value"
            name={name}
            stroke={BLUE}
            fill={BLUE}
            fillOpacity={0.15}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The top rows of a breakdown as horizontal bars (the table under it lists every row). */
export function BreakdownChart({
  rows,
  label,
  name,
}: {
  rows: AnalyticsBreakdownRow[];
  label: string;
  name: string;
}) {
  const top = rows.slice(0, 10).map((r) => ({ label: r.label || r.key, value: r.value }));
  return (
    <div className="analytics-chart">
      <ResponsiveContainer width="100%" height={Math.max(120, top.length * 32 + 40)}>
        <BarChart
          data={top}
          layout="vertical"
          accessibilityLayer
          aria-label={label}
          margin={{ top: 8, right: 24, left: 8, bottom: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: "#595959" }} />
          <YAxis
            type="category"
            dataKey="label"
            width={160}
            tick={{ fontSize: 12, fill: "#595959" }}
            tickFormatter={(s: string) => (s.length > 24 ? `${s.slice(0, 23)}…` : s)}
          />
          <Tooltip formatter={(v) => [formatNumber(Number(v)), name]} />
          <Bar dataKey="value" name={name} fill={BLUE} maxBarSize={24} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A small line of a headline number's trend; decorative (the number and its change say it in words). */
export function Sparkline({ points }: { points: AnalyticsPoint[] }) {
  return (
    <div className="analytics-sparkline" aria-hidden="true">
      <ResponsiveContainer width="100%" height={40}>
        <LineChart data={points} accessibilityLayer={false} margin={{ top: 4, right: 2, left: 2, bottom: 4 }}>
          <Line
            type="monotone"
            dataKey="value"
            stroke={BLUE}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
