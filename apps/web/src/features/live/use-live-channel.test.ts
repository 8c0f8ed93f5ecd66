import { describe, expect, it } from 'vitest';
import { liveEventSchemas } from '@arcadia/contracts';
import { LIVE_EVENT_TYPES } from './use-live-channel';

describe('the live channel', () => {
  it('handles every event of the contract and no other', () => {
    expect([...LIVE_EVENT_TYPES].sort()).toEqual(Object.keys(liveEventSchemas).sort());
  });
});
