/**
 * The camera scanning loop: every 1000/fps ms it takes the scan box's area of the current
 * video frame, decodes it, and when that finds nothing decodes the mirrored frame too
 * (flipped-image retry). A code equal to the last match is not reported again.
 */
import { parseErrorMessage, type ScannerMessage } from './messages';

type Box = { width: number; height: number } | null;
/** One frame as pixels: the box's area, mirrored or not; null when there is no frame yet. */
export type FrameGrabber = (box: Box, mirrored: boolean) => ImageData | null;

export interface FrameLoopOptions {
  fps: number;
  flipRetry: boolean;
  grab: FrameGrabber;
  /** The scan box in CSS pixels of the shown video, or null for the whole frame. */
  box: () => Box;
  decode: (frame: ImageData) => Promise<string | null>;
  onMatch: (text: string) => Promise<void> | void;
  onError: (message: ScannerMessage) => void;
}

/**
 * The source rectangle in video pixels for a box centred on the shown video; null while a box
 * is asked for but the video is not laid out yet (the first frames, before the panel shows it):
 * the box cannot be placed then, and the whole picture would take codes outside it.
 */
export function sourceRegion(
  video: { videoWidth: number; videoHeight: number; clientWidth: number; clientHeight: number },
  box: Box,
): { x: number; y: number; width: number; height: number } | null {
  const { videoWidth: vw, videoHeight: vh } = video;
  if (!box) return { x: 0, y: 0, width: vw, height: vh };
  if (video.clientWidth === 0) return null;
  // The whole video is shown, scaled to the element: CSS px → video px.
  const scale = Math.max(vw / video.clientWidth, vh / (video.clientHeight || vh));
  const width = Math.min(vw, Math.round(box.width * scale));
  const height = Math.min(vh, Math.round(box.height * scale));
  return { x: Math.round((vw - width) / 2), y: Math.round((vh - height) / 2), width, height };
}

/** Frames of a playing video through one reused canvas. */
export function videoFrameGrabber(video: HTMLVideoElement): FrameGrabber {
  const canvas = document.createElement('canvas');
  let ctx: CanvasRenderingContext2D | null = null;
  return (box, mirrored) => {
    if (video.readyState < 2 || video.videoWidth === 0) return null;
    const region = sourceRegion(video, box);
    if (!region) return null;
    if (canvas.width !== region.width || canvas.height !== region.height) {
      canvas.width = region.width;
      canvas.height = region.height;
      ctx = null;
    }
    ctx ??= canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    ctx.setTransform(mirrored ? -1 : 1, 0, 0, 1, mirrored ? region.width : 0, 0);
    ctx.drawImage(
      video,
      region.x,
      region.y,
      region.width,
      region.height,
      0,
      0,
      region.width,
      region.height,
    );
    return ctx.getImageData(0, 0, region.width, region.height);
  };
}

export class FrameLoop {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private paused = false;
  private lastMatch: string | null = null;

  constructor(private readonly options: FrameLoopOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  /** Lets the last matched code be reported again (after a scan the page could not use). */
  forgetLastMatch(): void {
    this.lastMatch = null;
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    const began = performance.now();
    if (!this.paused) {
      try {
        const text = await this.decodeFrame();
        if (text !== null && text !== this.lastMatch && this.running && !this.paused) {
          this.lastMatch = text;
          await this.options.onMatch(text);
        }
      } catch (error) {
        if (this.running) this.options.onError(parseErrorMessage(error));
      }
    }
    const interval = 1000 / this.options.fps;
    this.schedule(Math.max(0, interval - (performance.now() - began)));
  }

  private async decodeFrame(): Promise<string | null> {
    const { grab, box, decode, flipRetry } = this.options;
    const frame = grab(box(), false);
    if (!frame) return null;
    const plain = await decode(frame);
    if (plain !== null || !flipRetry) return plain;
    const mirrored = grab(box(), true);
    return mirrored ? decode(mirrored) : null;
  }
}
