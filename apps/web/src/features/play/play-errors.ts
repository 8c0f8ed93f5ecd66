import type { TFunction } from 'i18next';
import { PLAY_ERROR_CODES, type PlayErrorCode } from '@arcadia/contracts';
import type { ApiFailure } from '../../lib/api/failure';
import { failureReasonKey } from '../../lib/api/failure-reason';

function isPlayErrorCode(code: string | undefined): code is PlayErrorCode {
  return (PLAY_ERROR_CODES as readonly (string | undefined)[]).includes(code);
}

/**
 * What to tell the player when a play call failed: the server's reason (device unknown, full,
 * offline, mid-match...) in the interface language; otherwise why it failed (no connection, the
 * server away, too many tries...), never the server's English message. `during`: the call that
 * failed, joining a device or stopping (the same code means another thing).
 */
export function playErrorMessage(
  error: ApiFailure,
  t: TFunction,
  during: 'play' | 'stop' = 'play',
): string {
  // Stopping, 'already_in_match' is the match on the device the player is on, not another one.
  if (during === 'stop' && error.code === 'already_in_match') return t('play.errors.stop_in_match');
  if (isPlayErrorCode(error.code)) return t(`play.errors.${error.code}`);
  return t(failureReasonKey(error));
}
