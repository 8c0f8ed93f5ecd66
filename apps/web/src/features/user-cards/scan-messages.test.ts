import { describe, expect, it } from 'vitest';
import { linkMessage, meetMessage } from './scan-messages';
import { userSummary } from '../../testing/factories';

const cardOwner = userSummary();

const failure = (status: number | 'FETCH_ERROR', code?: string) => ({
  status,
  code,
  message: 'server says no',
});

describe('what the card pages say after a scan', () => {
  it('link: each refusal has its own message; only passing failures offer a rescan', () => {
    expect(linkMessage({ kind: 'notACard' })).toEqual({ key: 'notACard', retry: false });
    expect(linkMessage({ kind: 'noSecret' })).toEqual({ key: 'noSecret', retry: false });
    expect(linkMessage({ kind: 'unknownCard', error: failure(404) })).toEqual({
      key: 'unknownCard',
      retry: false,
    });
    expect(linkMessage({ kind: 'unknownCard', error: failure('FETCH_ERROR') })).toEqual({
      key: 'network',
      retry: true,
    });
    expect(linkMessage({ kind: 'unknownCard', error: failure(500) })).toEqual({
      key: 'checkFailed',
      reason: 'generic',
      retry: true,
    });
    const refused = (status: number, code?: string) =>
      linkMessage({ kind: 'refused', user: cardOwner, error: failure(status, code) });
    expect(refused(409, 'card_taken')).toEqual({ key: 'cardTaken', retry: false });
    expect(refused(409, 'already_registered')).toEqual({ key: 'alreadyRegistered', retry: false });
    // A wrong or spent claim secret: the server answers it as an unknown card.
    expect(refused(404, 'not_found')).toEqual({ key: 'cardNotClaimable', retry: false });
    expect(refused(503)).toEqual({
      key: 'linkFailed',
      reason: 'unavailable',
      retry: true,
    });
  });

  it('visit: own card, unknown card, passing failures', () => {
    expect(meetMessage({ kind: 'notACard' })).toEqual({ key: 'notACard', retry: false });
    expect(meetMessage({ kind: 'ownCard' })).toEqual({ key: 'ownCard', retry: false });
    expect(meetMessage({ kind: 'failed', error: failure(400) })).toEqual({
      key: 'unknownCard',
      retry: false,
    });
    expect(meetMessage({ kind: 'failed', error: failure(500) })).toMatchObject({
      key: 'visitFailed',
      retry: true,
    });
  });
});
