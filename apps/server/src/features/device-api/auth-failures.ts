import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors';
import { addressKey, type LimitState } from '../../plugins/limits';
import { parseDeviceAuthorization } from '../devices';

const WINDOW_MS = 10 * 60_000;
/**
 * Failed device authentications (a known device id, a wrong key) allowed in 10 minutes before
 * 429: per client address and device, and per address over all devices. Only failing requests
 * are refused: a device's right key always passes, even from a blocked address (a venue's
 * devices and its players' phones share one). Keys are 256-bit random, so this is about noise
 * and load, not guessing.
 */
export const DEVICE_AUTH_FAILURES = {
  perDeviceAndAddress: { max: 10, windowMs: WINDOW_MS },
  perAddress: { max: 50, windowMs: WINDOW_MS },
};

/** Counts failed device authentications and refuses a client that had too many. */
export function deviceAuthFailures(app: FastifyInstance) {
  const byPair = app.limits.limiter(
    'device-auth-failures-device',
    DEVICE_AUTH_FAILURES.perDeviceAndAddress,
  );
  const byAddress = app.limits.limiter('device-auth-failures-ip', DEVICE_AUTH_FAILURES.perAddress);
  const keysOf = (request: FastifyRequest) => {
    const address = addressKey(request.ip);
    const credentials = parseDeviceAuthorization(request.headers.authorization);
    return {
      address,
      pair: credentials ? `${address}|${credentials.arcade}:${credentials.id}` : undefined,
    };
  };
  return {
    /** Throws 429 when this failing client (for this device) failed too often lately. */
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const { address, pair } = keysOf(request);
      const [ip, device] = await Promise.all([
        byAddress.peek(address),
        pair ? byPair.peek(pair) : undefined,
      ]);
      const blocked: LimitState | undefined = ip.limited
        ? ip
        : device?.limited
          ? device
          : undefined;
      if (!blocked) return;
      reply.header('retry-after', String(blocked.retryAfterSeconds));
      throw new AppError(
        429,
        'rate_limited',
        `Too many failed device authentications; retry in ${blocked.retryAfterSeconds} s`,
      );
    },
    /** Records one failed authentication of this client. */
    async failed(request: FastifyRequest): Promise<void> {
      const { address, pair } = keysOf(request);
      await Promise.all([byAddress.hit(address), pair ? byPair.hit(pair) : undefined]);
    },
  };
}
