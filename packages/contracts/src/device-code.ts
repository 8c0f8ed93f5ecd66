import { z } from 'zod';

/** Device of spec §3, parsed from a code `deviceId=arcade;id`. */
export const deviceSchema = z.object({ arcade: z.string(), id: z.string() });
export type Device = z.infer<typeof deviceSchema>;

const SEGMENT = '[A-Za-z0-9_-]{1,64}';
const DEVICE_CODE = new RegExp(`^deviceId=(${SEGMENT});(${SEGMENT})$`);

/** Parses a scanned device code; anything else is ignored (null). */
export function parseDeviceCode(value: string): Device | null {
  const match = DEVICE_CODE.exec(value.trim());
  if (!match?.[1] || !match[2]) return null;
  return { arcade: match[1], id: match[2] };
}

export function formatDeviceCode(device: Device): string {
  return `deviceId=${device.arcade};${device.id}`;
}

export const deviceSegmentSchema = z.string().regex(new RegExp(`^${SEGMENT}$`), {
  message: 'must be 1 to 64 letters, digits, dash or underscore',
});
