import { Writable } from 'node:stream';

/** A log stream for a test app that keeps its pino output line by line. */
export function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    lines,
    stream,
    /** The lines so far, parsed. */
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
