// One figure of the report (messages, delivery rate or spend) by day or by operator: its chart, and beside it the
// same figures as a table, which is the chart's text alternative.
import { useId } from 'react';
import { BarChart, type ChartBar } from './bar-chart.tsx';

export interface ChartFigureProps {
  /** The figure's name ("Delivery rate by day"). */
  title: string;
  /** What the chart says it is to a screen reader, pointing at the table. */
  chartLabel: string;
  hint?: string;
  /** The rows' dimension and the figure's column, as the table's headers say them. */
  rowHeader: string;
  valueHeader: string;
  bars: readonly ChartBar[];
  tick: (value: number) => string;
  atLeast?: number;
  tickUnit?: number;
  /** The figure's name in the page's address of figures (data-figure), for tests and links. */
  name: string;
}

export function ChartFigure({ title, chartLabel, hint, rowHeader, valueHeader, bars, tick, atLeast, tickUnit, name }: ChartFigureProps) {
  const id = useId();
  return (
    <figure className="chart-figure card" aria-labelledby={`${id}-title`} data-figure={name}>
      <figcaption id={`${id}-title`} className="chart-title">
        {title}
      </figcaption>
      {hint && <p className="hint">{hint}</p>}
      <div className="chart-body">
        <BarChart bars={bars} tick={tick} {...(atLeast === undefined ? {} : { atLeast })} {...(tickUnit === undefined ? {} : { tickUnit })} describedBy={`${id}-table`} label={chartLabel} />
        {/* A box that scrolls is a stop for the keyboard, named for screen readers. */}
        <div className="chart-table table-wrap" role="region" aria-label={title} tabIndex={0}>
          <table id={`${id}-table`} className="figure-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{rowHeader}</th>
                <th scope="col" className="numeric">
                  {valueHeader}
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.key} data-key={b.key}>
                  <th scope="row">{b.label}</th>
                  <td className="numeric" data-value={b.value ?? ''}>
                    {b.text}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </figure>
  );
}
