import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useInView } from 'react-intersection-observer';
import { Card, CardBody, Spinner } from '../../../components/ui';
import type { ChartData } from './series';

const UplotChart = lazy(() => import('./UplotChart'));

export interface TrendChartProps {
  title: string;
  data: ChartData;
  /** The heading of the table's first column (week, game). */
  xLabel: string;
  formatX: (seconds: number) => string;
  /** The x axis's labels (shorter than formatX); formatX by default. */
  formatTick?: (seconds: number) => string;
  formatY: (value: number) => string;
  integer?: boolean;
}

/**
 * One trend: a visible title, the chart (loaded on demand), and the same numbers as a table in a
 * <details> for screen readers and anyone who wants them exactly.
 */
export function TrendChart({
  title,
  data,
  xLabel,
  formatX,
  formatTick,
  formatY,
  integer,
}: TrendChartProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // A chart's code (uPlot) loads and the chart is drawn once it comes near the screen: loading
  // and drawing the section's charts with the profile held a phone's main thread for about
  // 400 ms (throttled 4×) below the fold. Browsers without IntersectionObserver draw at once.
  const { ref, inView } = useInView({
    triggerOnce: true,
    rootMargin: '400px 0px',
    fallbackInView: true,
  });
  return (
    <Card>
      <CardBody>
        <section aria-labelledby={titleId}>
          <h3 id={titleId} className="mb-2 font-display text-lg font-bold">
            {title}
          </h3>
          {data.xs.length === 0 ? (
            <p className="text-ink-muted">{t('profile.trends.noData')}</p>
          ) : (
            <>
              <div ref={ref} data-testid="trend-chart-place">
                {inView ? (
                  <Suspense
                    fallback={
                      // The chart's height (UplotChart's HEIGHT), kept while its code loads.
                      <Spinner className="h-[200px] w-full" label={t('profile.trends.loading')} />
                    }
                  >
                    <UplotChart
                      data={data}
                      xLabel={xLabel}
                      formatX={formatX}
                      formatTick={formatTick ?? formatX}
                      formatY={formatY}
                      integer={integer}
                    />
                  </Suspense>
                ) : (
                  // Keeps the chart's place, so nothing moves when it is drawn.
                  <div className="h-[200px] w-full" />
                )}
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-semibold text-neon-cyan-soft">
                  {t('profile.trends.table')}
                </summary>
                <div className="mt-2 max-h-72 overflow-auto">
                  <table className="w-full text-left text-sm tabular-nums">
                    <caption className="sr-only">{title}</caption>
                    <thead>
                      <tr className="text-ink-muted">
                        <th scope="col" className="py-1 pr-2 font-semibold">
                          {xLabel}
                        </th>
                        {data.lines.map((line) => (
                          <th key={line.label} scope="col" className="py-1 pr-2 font-semibold">
                            {line.label}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {data.xs.map((x, row) => (
                        <tr key={x} className="border-t border-line/60">
                          <th scope="row" className="py-1 pr-2 font-normal">
                            {formatX(x)}
                          </th>
                          {data.lines.map((line) => {
                            const value = line.values[row];
                            return (
                              <td key={line.label} className="py-1 pr-2">
                                {value === null || value === undefined ? '–' : formatY(value)}
                              </td>
                            );
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            </>
          )}
        </section>
      </CardBody>
    </Card>
  );
}
