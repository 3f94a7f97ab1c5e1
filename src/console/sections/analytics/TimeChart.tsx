/**
 * A time-series chart drawn by uPlot (a small, maintained canvas charting library), sized to its
 * container. A canvas says nothing to a screen reader, so the chart is an image labelled with its
 * summary, and the same figures follow as a table.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { bucketText, wholeTicks } from './series';

export interface ChartLine {
  label: string;
  values: number[];
  colour: string;
  /** Bars instead of a line (counts and money per bucket). */
  bars?: boolean;
  format: (value: number) => string;
}

const HEIGHT = 220;

/** `whole`: the values are counts, so the axis ticks are whole numbers (uPlot's own would be 0, 0.5, 1, … shown rounded). */
export function TimeChart({
  id,
  title,
  summary,
  times,
  lines,
  bucket,
  timeZone,
  whole = false,
}: {
  id: string;
  title: string;
  summary: string;
  times: number[];
  lines: ChartLine[];
  bucket: 'hour' | 'day';
  timeZone: string;
  whole?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const bars = uPlot.paths.bars?.({ size: [0.6, 40] });
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: HEIGHT,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), timeZone),
        axes: [
          {},
          {
            values: (_u, ticks) => ticks.map((tick) => lines[0]?.format(tick) ?? String(tick)),
            size: 70,
            ...(whole ? { splits: (_u: uPlot, _axis: number, min: number, max: number) => wholeTicks(min, max) } : {}),
          },
        ],
        series: [
          { value: (_u, v) => (v === null ? '' : bucketText(v, bucket, timeZone)) },
          ...lines.map((line) => ({
            label: line.label,
            stroke: line.colour,
            width: 2,
            ...(line.bars === true && bars !== undefined ? { paths: bars, fill: `${line.colour}55` } : {}),
            value: (_u: uPlot, v: number | null) => (v === null ? '' : line.format(v)),
          })),
        ],
      },
      [times, ...lines.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [times, lines, bucket, timeZone, whole]);
  return (
    <figure className="Chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>
        <h2>{title}</h2>
      </figcaption>
      <div ref={box} className="Chart-plot" role="img" aria-label={summary} />
      <details className="Chart-data">
        <summary>Show the figures</summary>
        <div className="DataTable">
          <div className="DataTable-scroll">
            <table>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{bucket === 'hour' ? 'Hour' : 'Day'}</th>
                  {lines.map((line) => (
                    <th key={line.label} scope="col" className="is-end">
                      {line.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {times.map((t, i) => (
                  <tr key={t}>
                    <th scope="row">{bucketText(t, bucket, timeZone)}</th>
                    {lines.map((line) => (
                      <td key={line.label} className="is-end">
                        {line.format(line.values[i] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </details>
    </figure>
  );
}
