import { DECODER_LOAD_ATTEMPTS, DECODER_LOAD_WAIT_MS } from '@arcadia/contracts';
import { ScannerError } from './messages';

import type * as decoderModule from './decoder';
import type { Overrides } from './decoder';

export type DecoderModule = typeof decoderModule;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `load` up to `attempts` times, `waitMs` apart (spec §9: 3 attempts, 3 s); after the last
 * failure it throws the 'Could not load script' message.
 */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  {
    attempts = DECODER_LOAD_ATTEMPTS,
    waitMs = DECODER_LOAD_WAIT_MS,
    wait = sleep,
  }: { attempts?: number; waitMs?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await load();
    } catch (error) {
      last = error;
      if (attempt < attempts) await wait(waitMs);
    }
  }
  throw new ScannerError({ key: 'scriptLoad' }, { cause: last });
}

let pending: Promise<DecoderModule> | null = null;
let overrides: Overrides | undefined;

/**
 * Hands the wasm over directly instead of fetching it from our origin: for hosts that ship it
 * another way (a native shell, Node in tests). Call before the first scan.
 */
export function setDecoderOverrides(value: Overrides): void {
  overrides = value;
  pending = null;
}

/** The decoder module with its wasm ready; loaded once, retried after a failure. */
export function loadDecoder(): Promise<DecoderModule> {
  pending ??= loadWithRetry(async () => {
    const mod = await import('./decoder');
    await mod.prepareDecoder(overrides);
    return mod;
  }).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
