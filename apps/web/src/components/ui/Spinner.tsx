import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';

export interface SpinnerProps {
  /** What is loading, read by screen readers; defaults to "loading" in the current language. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-3', lg: 'h-12 w-12 border-4' };

/** A neon ring that spins; announced politely as a status with its label. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'animate-spin rounded-full border-neon-cyan/25 border-t-neon-cyan shadow-[0_0_12px_rgb(46_230_255/0.35)]',
          sizes[size],
        )}
      />
      <span className="sr-only">{label ?? t('ui.loading')}</span>
    </span>
  );
}

/** A spinner centred in the page area, for whole-page loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
