import type { ApiFailure } from '../../lib/api/failure';
import { failureReason, type FailureReason } from '../../lib/api/failure-reason';
import type { LinkCardOutcome } from './state/link-card-thunk';
import type { MeetOutcome } from './state/visit-thunk';

/** What the page says after a scan: an i18n key under `user-cards.messages`, for a failed call
 * why it failed (`app.failure.*`), and whether the same card may be scanned again (only after
 * failures that may pass, such as a lost connection). */
export interface ScanMessage {
  key: string;
  reason?: FailureReason;
  retry: boolean;
}

const cardUnknown = (error: ApiFailure) => error.status === 404 || error.status === 400;

function unreachable(error: ApiFailure, key: string): ScanMessage {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')
    return { key: 'network', retry: true };
  return { key, reason: failureReason(error), retry: true };
}

export function linkMessage(outcome: Exclude<LinkCardOutcome, { kind: 'linked' }>): ScanMessage {
  switch (outcome.kind) {
    case 'notACard':
      return { key: 'notACard', retry: false };
    case 'noSecret':
      return { key: 'noSecret', retry: false };
    case 'unknownCard':
      return cardUnknown(outcome.error)
        ? { key: 'unknownCard', retry: false }
        : unreachable(outcome.error, 'checkFailed');
    case 'refused':
      if (outcome.error.code === 'card_taken') return { key: 'cardTaken', retry: false };
      if (outcome.error.code === 'already_registered')
        return { key: 'alreadyRegistered', retry: false };
      // A wrong or spent claim secret is answered as an unknown card (404): the card was linked
      // already, or printed again since.
      if (cardUnknown(outcome.error)) return { key: 'cardNotClaimable', retry: false };
      return unreachable(outcome.error, 'linkFailed');
  }
}

export function meetMessage(outcome: Exclude<MeetOutcome, { kind: 'met' }>): ScanMessage {
  switch (outcome.kind) {
    case 'notACard':
      return { key: 'notACard', retry: false };
    case 'ownCard':
      return { key: 'ownCard', retry: false };
    case 'failed':
      return cardUnknown(outcome.error)
        ? { key: 'unknownCard', retry: false }
        : unreachable(outcome.error, 'visitFailed');
  }
}
