import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from './series';

/** The app's colours (styles.css): the player's line cyan, the compared one pink. */
export const LINE_COLOURS = ['#2ee6ff', '#ff4fb8'] as const;
const INK_MUTED = '#aab2dd';
const LINE = '#34347a';
/** The plot's height; TrendChart keeps this space while the chart's code loads. */
const HEIGHT = 200;

export interface UplotChartProps {
  data: ChartData;
  /** What the x values are (week, game): their name in the legend, which uPlot calls 'Time'. */
  xLabel: string;
  /** How an x value (seconds) reads in the legend, and shorter under the x axis. */
  formatX: (seconds: number) => string;
  formatTick: (seconds: number) => string;
  formatY: (value: number) => string;
  /** Whole numbers only on the y axis (games, ratings). */
  integer?: boolean;
}

/** Steps of the y axis for whole numbers. */
const INTEGER_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000];
/** Up to this many points a week or more apart, the x axis is labelled at the points (weeks). */
const LABEL_EACH_POINT = 4;
const WEEK_SECONDS = 7 * 86_400;

const labelEachPoint = (xs: readonly number[]) =>
  xs.length <= LABEL_EACH_POINT && xs.every((x, i) => i === 0 || x - xs[i - 1]! >= WEEK_SECONDS);

/**
 * A line chart drawn by uPlot, as wide as its container (a phone's 360 px too). Loaded only with
 * the statistics tab's trends (React.lazy): /home never carries it. Hidden from screen readers:
 * the table beside it says the same numbers.
 */
export default function UplotChart({
  data,
  xLabel,
  formatX,
  formatTick,
  formatY,
  integer = false,
}: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const axis = {
      stroke: INK_MUTED,
      grid: { stroke: LINE, width: 1 },
      ticks: { stroke: LINE, width: 1 },
      font: '12px "Roboto Condensed", sans-serif',
    };
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        legend: { show: data.lines.length > 1 },
        cursor: { drag: { x: false, y: false } },
        axes: [
          {
            ...axis,
            values: (_u, splits) => splits.map(formatTick),
            // Day and month ("01.11.") fit 44 px: a 320 px phone's plot gets four labels, not one.
            space: 44,
            ...(labelEachPoint(data.xs) ? { splits: () => data.xs } : {}),
          },
          {
            ...axis,
            values: (_u, splits) => splits.map(formatY),
            size: 48,
            ...(integer ? { incrs: INTEGER_STEPS } : {}),
          },
        ],
        series: [
          { label: xLabel, value: (_u, v) => (v === null ? '–' : formatX(v)) },
          ...data.lines.map((line, i) => ({
            label: line.label,
            stroke: LINE_COLOURS[i % LINE_COLOURS.length],
            width: 2,
            spanGaps: true,
            points: { show: true, size: 6 },
            value: (_u: uPlot, v: number | null) => (v === null ? '–' : formatY(v)),
          })),
        ],
      },
      [data.xs, ...data.lines.map((line) => line.values)] as uPlot.AlignedData,
      element,
    );
    const fit = () => plot.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT });
    // Follows the container (the sidebar layout, a rotated phone); the window where there is none.
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', fit);
      return () => {
        window.removeEventListener('resize', fit);
        plot.destroy();
      };
    }
    const resize = new ResizeObserver(fit);
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, xLabel, formatX, formatTick, formatY, integer]);
  return <div ref={box} aria-hidden="true" className="trend-chart w-full min-w-0" />;
}
