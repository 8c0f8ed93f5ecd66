import { parseDeviceCode, type Device } from '@arcadia/contracts';

/**
 * The device of `/play?deviceId=arcade;id` (spec §2): the parameter's value is the code's part
 * after `deviceId=`, so it follows the same pattern; anything else means no device.
 */
export function deviceFromQuery(value: string | null): Device | null {
  if (value === null) return null;
  return parseDeviceCode(`deviceId=${value}`);
}
