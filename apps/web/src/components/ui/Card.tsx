import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';

/** A raised panel with a thin neon edge. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-line bg-night-800/85 shadow-[0_8px_30px_rgb(0_0_0/0.35)] backdrop-blur-sm',
        className,
      )}
      {...props}
    />
  );
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-4 sm:p-5', className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return (
    <h2
      className={cn('font-display text-xl font-bold tracking-wide text-ink', className)}
      {...props}
    />
  );
}
