import { HTTP_TIMEOUT_MS } from '@arcadia/contracts/limits';
import { getAccessToken } from '../../../lib/auth/token';
import { apiUrl } from '../../../lib/api/origin';

export type ExportFormat = 'json' | 'html';

/** Why a download failed: too many (with the minutes to wait), or anything else. */
export class ExportFailed extends Error {
  constructor(
    readonly reason: 'rateLimited' | 'failed',
    readonly retryAfterMinutes = 0,
  ) {
    super(reason);
  }
}

/**
 * GET /api/me/export: the signed-in player's data as a file (JSON, or the readable HTML summary
 * in `lang`), saved under the name the server gives. A file, not store state: it goes straight
 * from the answer to the browser's download.
 */
export async function downloadExport(format: ExportFormat, lang: string): Promise<void> {
  const token = await getAccessToken();
  const query = new URLSearchParams({ format, lang });
  let res: Response;
  try {
    res = await fetch(new URL(apiUrl(`/api/me/export?${query.toString()}`), location.href), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      // An export is built in seconds; a slow line may take a while to carry it.
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS * 4),
    });
  } catch {
    throw new ExportFailed('failed');
  }
  if (res.status === 429) {
    const seconds = Number(res.headers.get('retry-after')) || 60;
    throw new ExportFailed('rateLimited', Math.max(1, Math.ceil(seconds / 60)));
  }
  if (!res.ok) throw new ExportFailed('failed');
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `arcadia-data.${format}`;
  saveFile(await res.blob(), name);
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click ran; free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
