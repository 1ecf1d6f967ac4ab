import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** One point of a `TimeAreaChart`: a time in ms since the epoch, and its value. */
export interface TimePoint {
  time: number;
  value: number;
}

/**
 * A value over time as a filled area (the asset overview's equity, the protection fund's balance):
 * one look for both, axes in the muted text colour (docs/decisions/009, 711, 714). Drawn for the eye
 * only; each page gives its figures in text or a table too.
 */
export function TimeAreaChart({
  data,
  height,
  color,
  timeText,
  valueText,
  tooltip,
  name,
  step = false,
  grid = false,
  hideValues = false,
  valueWidth = 80,
  fillOpacity = 0.2,
}: {
  data: readonly TimePoint[];
  height: number;
  color: string;
  timeText: (ms: number) => string;
  valueText: (v: number) => string;
  /** The hovered point's time and value, or no tooltip. */
  tooltip?: { time: (ms: number) => string; value: (v: number) => string | [string, string] };
  name?: string;
  /** Steps between points (a balance that changes at moments) instead of a smooth line. */
  step?: boolean;
  grid?: boolean;
  hideValues?: boolean;
  valueWidth?: number;
  fillOpacity?: number;
}) {
  const axis = { className: "chart-axis", stroke: "var(--color-text-muted)", fontSize: 11 } as const;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <AreaChart data={[...data]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        {grid && <CartesianGrid stroke="var(--color-border)" vertical={false} />}
        <XAxis {...axis} dataKey="time" type="number" scale="time" domain={["dataMin", "dataMax"]} tickFormatter={timeText} />
        <YAxis {...axis} hide={hideValues} width={valueWidth} domain={["auto", "auto"]} tickFormatter={valueText} />
        {tooltip && <Tooltip labelFormatter={(v) => tooltip.time(Number(v))} formatter={(v) => tooltip.value(Number(v))} />}
        <Area
          type={step ? "stepAfter" : "monotone"}
          dataKey="value"
          {...(name ? { name } : {})}
          stroke={color}
          fill={color}
          fillOpacity={fillOpacity}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
