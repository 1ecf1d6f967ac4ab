import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDateTime, formatNumber } from "~/lib/i18n/format";

export interface DayVolume {
  day: number;
  volume: string;
}

/** The 30-day volume as bars (recharts); a picture only: the table beside it says the same to everyone. */
export function VolumeChart({ days, intl, label }: { days: readonly DayVolume[]; intl: string; label: string }) {
  const data = days.map((d) => ({ day: d.day, volume: Number(d.volume) }));
  return (
    <div className="vip-chart" role="img" aria-label={label} data-testid="vip-volume-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="var(--color-border)" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={(d: number) => formatDateTime(d, intl, "date")}
            tick={{ fill: "var(--color-text-muted)", fontSize: 11 }}
            minTickGap={24}
          />
          <YAxis
            tickFormatter={(v: number) => formatNumber(String(v), intl, { compact: true })}
            tick={{ fill: "var(--color-text-muted)", fontSize: 11 }}
            width={56}
          />
          <Tooltip
            labelFormatter={(d) => formatDateTime(Number(d), intl, "date")}
            formatter={(v) => formatNumber(String(v), intl, { maxDigits: 2 })}
            contentStyle={{ background: "var(--color-bg)", border: "1px solid var(--color-border)", color: "var(--color-text)" }}
          />
          <Bar dataKey="volume" fill="var(--color-primary)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
