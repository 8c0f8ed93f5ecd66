import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameLoop, sourceRegion, type FrameLoopOptions } from './frame-loop';

const frame = (label: string) => ({ label }) as unknown as ImageData;

function loop(overrides: Partial<FrameLoopOptions>) {
  const matches: string[] = [];
  const options: FrameLoopOptions = {
    fps: 10,
    flipRetry: true,
    grab: (_box, mirrored) => frame(mirrored ? 'mirrored' : 'plain'),
    box: () => null,
    decode: async () => null,
    onMatch: (text) => void matches.push(text),
    onError: () => {},
    ...overrides,
  };
  return { loop: new FrameLoop(options), matches };
}

describe('FrameLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('decodes fps frames per second', async () => {
    const decode = vi.fn(async () => null);
    const { loop: l } = loop({ fps: 10, decode, flipRetry: false });
    l.start();
    await vi.advanceTimersByTimeAsync(1000);
    l.stop();
    expect(decode.mock.calls.length).toBeGreaterThanOrEqual(10);
    expect(decode.mock.calls.length).toBeLessThanOrEqual(11);
  });

  it('does not report the last matched code again', async () => {
    const texts = ['A', 'A', 'A', 'B', 'B', 'A'];
    const { loop: l, matches } = loop({
      decode: async () => texts.shift() ?? null,
      flipRetry: false,
    });
    l.start();
    await vi.advanceTimersByTimeAsync(1000);
    l.stop();
    expect(matches).toEqual(['A', 'B', 'A']);
  });

  it('reports the same code again after forgetLastMatch', async () => {
    const { loop: l, matches } = loop({ decode: async () => 'A' });
    l.start();
    await vi.advanceTimersByTimeAsync(250);
    l.forgetLastMatch();
    await vi.advanceTimersByTimeAsync(250);
    l.stop();
    expect(matches).toEqual(['A', 'A']);
  });

  it('retries the mirrored frame when the plain one finds nothing (on by default)', async () => {
    const seen: string[] = [];
    const { loop: l, matches } = loop({
      decode: async (f) => {
        const { label } = f as unknown as { label: string };
        seen.push(label);
        return label === 'mirrored' ? 'FLIPPED' : null;
      },
    });
    l.start();
    await vi.advanceTimersByTimeAsync(50);
    l.stop();
    expect(seen.slice(0, 2)).toEqual(['plain', 'mirrored']);
    expect(matches).toEqual(['FLIPPED']);
  });

  it('skips the mirrored frame when flip retry is off', async () => {
    const seen: string[] = [];
    const { loop: l } = loop({
      flipRetry: false,
      decode: async (f) => {
        seen.push((f as unknown as { label: string }).label);
        return null;
      },
    });
    l.start();
    await vi.advanceTimersByTimeAsync(350);
    l.stop();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((label) => label === 'plain')).toBe(true);
  });

  it('decodes nothing while paused, and again after resume', async () => {
    const decode = vi.fn(async () => null);
    const { loop: l } = loop({ decode, flipRetry: false });
    l.start();
    await vi.advanceTimersByTimeAsync(50);
    l.pause();
    const before = decode.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(decode.mock.calls.length).toBe(before);
    l.resume();
    await vi.advanceTimersByTimeAsync(500);
    l.stop();
    expect(decode.mock.calls.length).toBeGreaterThan(before);
  });

  it('waits for the page to handle a code before the next frame', async () => {
    let release: () => void = () => {};
    const decode = vi.fn(async () => 'A');
    const { loop: l } = loop({
      decode,
      onMatch: () => new Promise<void>((resolve) => (release = resolve)),
    });
    l.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(decode).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(300);
    l.stop();
    expect(decode.mock.calls.length).toBeGreaterThan(1);
  });

  it('reports a decoder failure as a parse error and keeps going', async () => {
    const errors: unknown[] = [];
    const decode = vi.fn().mockRejectedValueOnce(new Error('wasm trap')).mockResolvedValue('OK');
    const { loop: l, matches } = loop({ decode, onError: (m) => errors.push(m) });
    l.start();
    await vi.advanceTimersByTimeAsync(300);
    l.stop();
    expect(errors[0]).toEqual({ key: 'parseError', params: { error: 'Error: wasm trap' } });
    expect(matches).toEqual(['OK']);
  });

  it('stops decoding after stop', async () => {
    const decode = vi.fn(async () => null);
    const { loop: l } = loop({ decode });
    l.start();
    await vi.advanceTimersByTimeAsync(50);
    l.stop();
    const calls = decode.mock.calls.length;
    await vi.advanceTimersByTimeAsync(2000);
    expect(decode.mock.calls.length).toBe(calls);
  });
});

describe('sourceRegion', () => {
  const video = { videoWidth: 640, videoHeight: 480, clientWidth: 320, clientHeight: 240 };
  it('is the whole frame without a box', () => {
    expect(sourceRegion(video, null)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
  });
  it('maps a centred box from CSS pixels to video pixels', () => {
    expect(sourceRegion(video, { width: 100, height: 100 })).toEqual({
      x: 220,
      y: 140,
      width: 200,
      height: 200,
    });
  });
  it('is no frame at all while the video is not laid out (never the whole picture)', () => {
    const hidden = { ...video, clientWidth: 0, clientHeight: 0 };
    expect(sourceRegion(hidden, { width: 250, height: 250 })).toBeNull();
    expect(sourceRegion(hidden, null)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
  });
  it('never leaves the frame', () => {
    expect(sourceRegion(video, { width: 400, height: 400 })).toEqual({
      x: 0,
      y: 0,
      width: 640,
      height: 480,
    });
  });
});
