/** Markdown helpers for the sections the benchmarks print. */

export function table(header: string[], rows: Array<Array<string | number>>): string {
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
export const rps = (value: number) => Math.round(value).toLocaleString('en-US');
export const ratio = (value: number) => `${value.toFixed(value < 0.1 ? 3 : 2)}×`;

/** Progress goes to stderr; stdout carries only the markdown section. */
export const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
