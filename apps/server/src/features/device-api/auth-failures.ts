import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors';
import { addressKey, type LimitState } from '../../plugins/limits';
import { parseDeviceAuthorization } from '../devices';

const WINDOW_MS = 10 * 60_000;
/**
 * Failed device authentications (a known device id, a wrong key) allowed in 10 minutes before
 * 429: per client address and device, so a misconfigured device or someone guessing at one
 * stops itself without locking out the real device elsewhere; and per address over all devices.
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
    /** Throws 429 when this client (for this device) failed too often lately. */
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
