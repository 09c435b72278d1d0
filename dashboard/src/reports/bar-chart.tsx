// A bar chart of one figure per row (a day, an operator), drawn in SVG by visx at the width it is given. It is a
// picture for the eye: screen readers get the table beside it (its text alternative), named by `describedBy`.
import { useEffect, useRef, useState } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';

export interface ChartBar {
  key: string;
  /** The row's name ("22 Nov 2026", "Vodacom"). */
  label: string;
  /** Its shorter name on the axis ("22 Nov"), when the name is long. */
  short?: string;
  /** Null: no bar (a delivery rate with no outcome yet). */
  value: number | null;
  /** The value as the table writes it ("97.5%", "TZS 1,125.00"). */
  text: string;
}

export interface BarChartProps {
  bars: readonly ChartBar[];
  /** An axis tick's text (a compact number). */
  tick: (value: number) => string;
  /** The highest value the axis must reach at least (1 for a rate, so 100 % is the top). */
  atLeast?: number;
  /** The smallest step the axis marks (1 for counts, 100 for cents: whole shillings); none for a rate. */
  tickUnit?: number;
  /** The id of the table holding the same figures. */
  describedBy: string;
  label: string;
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 32, left: 56 };
/** The widest a bar's band gets (the bar and the gap beside it). */
const MAX_BAND_PX = 96;
/** Under this width per bar, only some bars keep their label on the axis. */
const LABEL_ROOM_PX = 48;

/** The width of an element, followed as it changes (a phone turned, the menu opened). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function BarChart({ bars, tick, atLeast = 0, tickUnit, describedBy, label }: BarChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  // A few bars keep a bar's width, centred, instead of filling the chart.
  const used = Math.min(innerWidth, bars.length * MAX_BAND_PX);
  const start = (innerWidth - used) / 2;
  const x = scaleBand<string>({ domain: bars.map((b) => b.key), range: [start, start + used], padding: 0.2 });
  const top = Math.max(atLeast, tickUnit ?? 0, ...bars.map((b) => b.value ?? 0));
  const y = scaleLinear<number>({ domain: [0, top || 1], range: [innerHeight, 0], nice: true });
  // Counts and money are whole (messages, shillings): the axis marks no fractions of its unit.
  const yTicks = y.ticks(4).filter((v) => tickUnit === undefined || v % tickUnit === 0);
  const labelOf = new Map(bars.map((b) => [b.key, b.short ?? b.label]));
  const every = Math.max(1, Math.ceil((bars.length * LABEL_ROOM_PX) / Math.max(innerWidth, 1)));
  const shownTicks = bars.filter((_, i) => i % every === 0).map((b) => b.key);
  return (
    <div ref={ref} className="bar-chart">
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={label} aria-describedby={describedBy}>
          <Group left={MARGIN.left} top={MARGIN.top}>
            {bars.map((b) =>
              b.value === null ? null : (
                <Bar
                  key={b.key}
                  className="bar"
                  data-key={b.key}
                  data-value={b.value}
                  x={x(b.key) ?? 0}
                  y={y(b.value)}
                  width={x.bandwidth()}
                  height={innerHeight - y(b.value)}
                >
                  <title>{`${b.label}: ${b.text}`}</title>
                </Bar>
              ),
            )}
            <AxisLeft scale={y} tickValues={yTicks} tickFormat={(v) => tick(Number(v))} axisClassName="axis" tickClassName="axis-tick" />
            <AxisBottom top={innerHeight} scale={x} tickValues={shownTicks} tickFormat={(k) => labelOf.get(k) ?? k} axisClassName="axis" tickClassName="axis-tick" />
          </Group>
        </svg>
      )}
    </div>
  );
}
