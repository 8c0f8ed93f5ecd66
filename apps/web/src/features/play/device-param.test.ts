import { describe, expect, it } from 'vitest';
import { deviceFromQuery } from './device-param';

describe('the device of /play?deviceId=arcade;id', () => {
  it('reads arcade and id', () => {
    expect(deviceFromQuery('berlin;arena-1')).toEqual({ arcade: 'berlin', id: 'arena-1' });
  });
  it.each([null, '', 'berlin', 'berlin;', ';arena-1', 'berlin;arena 1', 'a;b;c', 'deviceId=a;b'])(
    'means no device for %j',
    (value) => {
      expect(deviceFromQuery(value)).toBeNull();
    },
  );
});
