/**
 * Test support: the camera cannot run in jsdom, so page tests swap the scanner widget for this
 * stand-in (`vi.mock` of the scanner feature) and drive the page's onScan through `fakeScanner.scan`.
 */
import { act, useEffect, useImperativeHandle } from 'react';
import { vi } from 'vitest';
import type { ScanControls, ScannerHandle, ScannerProps } from '../features/scanner';

type Mocked<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => unknown
    ? T[K] & ReturnType<typeof vi.fn>
    : T[K];
};

interface FakeScannerState {
  props: ScannerProps | null;
  /** The scanner's phase as its handle reports it: paused by `pause`, scanning again by `resume`. */
  phase: 'scanning' | 'paused';
  controls: Mocked<ScanControls>;
}

function newControls(): Mocked<ScanControls> {
  return {
    source: 'camera',
    pause: vi.fn(() => {
      fakeScanner.phase = 'paused';
    }),
    resume: vi.fn(async () => {
      fakeScanner.phase = 'scanning';
    }),
    stop: vi.fn(),
    forgetLastMatch: vi.fn(),
  } as Mocked<ScanControls>;
}

export const fakeScanner: FakeScannerState & {
  reset(): void;
  scan(text: string): Promise<void | boolean>;
} = {
  props: null,
  phase: 'scanning',
  controls: newControls(),
  reset() {
    this.props = null;
    this.phase = 'scanning';
    this.controls = newControls();
  },
  /** Reports a code to the page; answers what the page's onScan answered (false: not taken). */
  async scan(text: string) {
    const props = this.props;
    if (!props) throw new Error('no scanner on the page');
    let verdict: void | boolean = undefined;
    await act(async () => {
      verdict = await props.onScan(text, this.controls);
    });
    return verdict;
  },
};

export function FakeScanner({ ref, ...props }: ScannerProps) {
  useEffect(() => {
    fakeScanner.props = { ...props, ref };
  });
  useImperativeHandle(
    ref,
    () =>
      ({
        ...fakeScanner.controls,
        start: vi.fn(),
        get state() {
          return { phase: fakeScanner.phase };
        },
      }) as unknown as ScannerHandle,
  );
  const { fps, beep, vibrate } = props.config;
  return (
    <div data-testid="scanner" data-fps={fps} data-beep={String(beep)} data-vibrate={vibrate} />
  );
}
