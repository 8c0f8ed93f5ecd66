import type { TFunction } from 'i18next';
import { PLAY_ERROR_CODES, type PlayErrorCode } from '@arcadia/contracts';
import type { ApiFailure } from '../../lib/api/failure';

function isPlayErrorCode(code: string | undefined): code is PlayErrorCode {
  return (PLAY_ERROR_CODES as readonly (string | undefined)[]).includes(code);
}

/**
 * What to tell the player when a play call failed: the server's reason (device unknown, full,
 * offline, mid-match...) in the interface language; otherwise the server's own message.
 */
export function playErrorMessage(error: ApiFailure, t: TFunction): string {
  if (isPlayErrorCode(error.code)) return t(`play.errors.${error.code}`);
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')
    return t('play.errors.network');
  return t('play.errors.other', { message: error.message });
}
