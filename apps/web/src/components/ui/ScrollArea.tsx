import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/class-names';
import { focusRing } from './focus';

interface Edges {
  /** Content hidden on the left (scrolled away). */
  before: boolean;
  /** Content hidden on the right (still to come). */
  after: boolean;
}

const NONE: Edges = { before: false, after: false };

function edgesOf(box: HTMLElement): Edges {
  const rest = box.scrollWidth - box.clientWidth - box.scrollLeft;
  return { before: box.scrollLeft > 1, after: rest > 1 };
}

/** The fade and arrow over the side of the box that hides content; not read out. */
function EdgeHint({ side }: { side: keyof Edges }) {
  const Arrow = side === 'before' ? ChevronLeft : ChevronRight;
  return (
    <div
      aria-hidden="true"
      data-scroll-hint={side}
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-8 items-center text-neon-cyan',
        side === 'before'
          ? 'left-0 bg-gradient-to-r from-night-900/95 to-transparent'
          : 'right-0 justify-end bg-gradient-to-l from-night-900/95 to-transparent',
      )}
    >
      <Arrow size={18} />
    </div>
  );
}

export interface ScrollAreaProps {
  /** Names the box for screen readers and keyboard users once it scrolls (the table's name). */
  label: string;
  /** Classes of the outer box (borders, rounding, padding). */
  className?: string;
  children: ReactNode;
}

/**
 * A box that scrolls sideways when its content (a wide table on a 360 px phone) is wider than
 * it. While it does, a fade with an arrow on the side that hides content says there is more, and
 * the box is a named region in the tab order, so a keyboard can scroll it with the arrow keys
 * (axe: scrollable-region-focusable). The scrolling box is positioned: the content's screen-reader
 * labels (absolutely placed) stay inside it instead of widening the page.
 */
export function ScrollArea({ label, className, children }: ScrollAreaProps) {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>(NONE);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => {
      const next = edgesOf(element);
      setEdges((prev) => (prev.before === next.before && prev.after === next.after ? prev : next));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(element);
    if (element.firstElementChild) resized?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, []);
  const scrolls = edges.before || edges.after;
  return (
    <div className={cn('relative', className)}>
      <div
        ref={box}
        className={cn('relative overflow-x-auto', focusRing)}
        {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      >
        {children}
      </div>
      {edges.before && <EdgeHint side="before" />}
      {edges.after && <EdgeHint side="after" />}
    </div>
  );
}
