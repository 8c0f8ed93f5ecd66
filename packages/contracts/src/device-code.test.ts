import { describe, expect, it } from 'vitest';
import { deviceSegmentSchema, formatDeviceCode, parseDeviceCode } from './device-code';

describe('parseDeviceCode (spec §3, §5: deviceId=arcade;id)', () => {
  it('reads the arcade and the device id', () => {
    expect(parseDeviceCode('deviceId=arcade;id')).toEqual({ arcade: 'arcade', id: 'id' });
    expect(parseDeviceCode('deviceId=zion-arena_2;LT-07')).toEqual({
      arcade: 'zion-arena_2',
      id: 'LT-07',
    });
  });

  it('ignores whitespace a scanner adds around the code', () => {
    expect(parseDeviceCode('  deviceId=zion;dev1\n')).toEqual({ arcade: 'zion', id: 'dev1' });
  });

  it.each([
    '',
    'deviceId=',
    'deviceId=arcade',
    'deviceId=arcade;',
    'deviceId=;id',
    'deviceId=arcade;id;extra',
    'deviceid=arcade;id',
    'device=arcade;id',
    'xdeviceId=arcade;id',
    'deviceId=arcade;id trailing',
    'deviceId=arc ade;id',
    'deviceId=arcade;i/d',
    'https://arcadia.example/play?deviceId=arcade;id',
    `deviceId=${'a'.repeat(65)};id`,
    'deviceId=arcade:id',
  ])('ignores %j (null)', (code) => {
    expect(parseDeviceCode(code)).toBeNull();
  });

  it('round-trips with formatDeviceCode', () => {
    const device = { arcade: 'zion', id: 'lt-01' };
    expect(formatDeviceCode(device)).toBe('deviceId=zion;lt-01');
    expect(parseDeviceCode(formatDeviceCode(device))).toEqual(device);
  });

  it('checks single segments the same way', () => {
    expect(deviceSegmentSchema.safeParse('lt-01').success).toBe(true);
    expect(deviceSegmentSchema.safeParse('lt 01').success).toBe(false);
    expect(deviceSegmentSchema.safeParse('').success).toBe(false);
  });
});
