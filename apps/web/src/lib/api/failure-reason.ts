import type { ApiFailure } from './failure';

/**
 * Why a call failed, in the words a player can act on (`app.failure.*` in the app's i18n): the
 * server's own message is English and written for developers, so it is never shown.
 */
export type FailureReason =
  | 'network'
  | 'unavailable'
  | 'rateLimited'
  | 'signedOut'
  | 'forbidden'
  | 'gone'
  | 'conflict'
  | 'generic';

const BY_STATUS: Partial<Record<number, FailureReason>> = {
  401: 'signedOut',
  403: 'forbidden',
  404: 'gone',
  409: 'conflict',
  429: 'rateLimited',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

export function failureReason(error: Pick<ApiFailure, 'status'>): FailureReason {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return 'network';
  return (typeof error.status === 'number' && BY_STATUS[error.status]) || 'generic';
}

/** The i18n key of a failure's reason. */
export const failureReasonKey = (error: Pick<ApiFailure, 'status'>) =>
  `app.failure.${failureReason(error)}`;
