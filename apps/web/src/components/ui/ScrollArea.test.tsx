import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScrollArea } from './index';

/** jsdom lays nothing out: the box's widths and scroll position are set by hand. */
function layOut(box: HTMLElement, widths: { content: number; box: number; scrolled: number }) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: widths.content });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: widths.box });
  Object.defineProperty(box, 'scrollLeft', { configurable: true, value: widths.scrolled });
  fireEvent.scroll(box);
}

const hint = (container: HTMLElement, side: 'before' | 'after') =>
  container.querySelector(`[data-scroll-hint="${side}"]`);

describe('a sideways scrolling box', () => {
  it('says nothing while its content fits, and shows the hidden side once it does not', () => {
    const { container } = render(
      <ScrollArea label="Letzte Spiele">
        <table>
          <tbody>
            <tr>
              <td>a wide row</td>
            </tr>
          </tbody>
        </table>
      </ScrollArea>,
    );
    const box = screen.getByRole('table').parentElement!;
    // The screen-reader labels inside stay in a positioned scrolling box.
    expect(box).toHaveClass('relative', 'overflow-x-auto');

    layOut(box, { content: 360, box: 360, scrolled: 0 });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('tabindex');
    expect(hint(container, 'before')).toBeNull();
    expect(hint(container, 'after')).toBeNull();

    // Wider than the phone: more to the right, and a keyboard can reach the box to scroll it.
    layOut(box, { content: 800, box: 360, scrolled: 0 });
    expect(screen.getByRole('region', { name: 'Letzte Spiele' })).toBe(box);
    expect(box).toHaveAttribute('tabindex', '0');
    expect(hint(container, 'before')).toBeNull();
    expect(hint(container, 'after')).toHaveAttribute('aria-hidden', 'true');

    // Halfway: hidden content on both sides.
    layOut(box, { content: 800, box: 360, scrolled: 200 });
    expect(hint(container, 'before')).not.toBeNull();
    expect(hint(container, 'after')).not.toBeNull();

    // At the end: only what was scrolled away is hinted.
    layOut(box, { content: 800, box: 360, scrolled: 440 });
    expect(hint(container, 'before')).not.toBeNull();
    expect(hint(container, 'after')).toBeNull();
    expect(box).toHaveAttribute('tabindex', '0');
  });
});
