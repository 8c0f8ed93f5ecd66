import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey, type LimitState, type Limiter } from '../../plugins/limits';
import { normalizeEmail } from './accounts';
import type { PageContext } from './views/layout';
import { messagePage } from './views/pages';

const MINUTE = 60_000;
/** The window of the per-address limits (AUTH_RATE_LIMIT_MAX requests each). */
const AUTH_LIMIT_WINDOW_MS = 10 * MINUTE;
/** Per e-mail address, whoever asks: sign-ups that would hash and maybe mail, sign-ins, resets. */
export const PER_EMAIL = {
  signup: { max: 3, windowMs: 60 * MINUTE },
  // High enough that one address (AUTH_RATE_LIMIT_MAX) cannot keep a player from signing in.
  signin: { max: 100, windowMs: AUTH_LIMIT_WINDOW_MS },
  // Over all addresses: what one mailbox receives at most. Each address has its own share below.
  reset: { max: 20, windowMs: 60 * MINUTE },
} as const;
/**
 * Reset mails for one e-mail address asked from one client address: someone asking again and
 * again for a player's address spends their own share, not the player's.
 */
export const RESET_PER_EMAIL_AND_ADDRESS = { max: 5, windowMs: 60 * MINUTE } as const;
/** Token requests per address: refreshes of every player behind one venue address. */
export const TOKEN_FACTOR = 10;
/**
 * Authorization requests per address, as many as token requests: each stores a sign-in in
 * progress (an interaction, kept an hour), so without a bound one client could grow the database
 * by about a kilobyte a request.
 */
export const AUTHORIZE_FACTOR = TOKEN_FACTOR;

export type IdentityAction = 'signup' | 'signin' | 'reset' | 'token' | 'authorize';

/**
 * The provider's request limits: every action per client address, and sign-up, sign-in and
 * reset per e-mail address too, so neither many addresses nor many accounts get around them.
 * Checked before any password hashing or mail. Shared through Redis when REDIS_URL is set.
 */
export class IdentityLimits {
  private readonly perAddress: Record<IdentityAction, Limiter>;
  private readonly perEmail: Record<Exclude<IdentityAction, 'token' | 'authorize'>, Limiter>;
  private readonly resetPerEmailAndAddress: Limiter;

  constructor(app: FastifyInstance) {
    const { limits, config } = app;
    const perAddress = (name: string, max: number) =>
      limits.limiter(`oidc-${name}-ip`, { max, windowMs: AUTH_LIMIT_WINDOW_MS });
    const max = config.authRateLimitMax;
    this.perAddress = {
      signup: perAddress('signup', max),
      signin: perAddress('signin', max),
      reset: perAddress('reset', max),
      token: perAddress('token', max * TOKEN_FACTOR),
      authorize: perAddress('authorize', max * AUTHORIZE_FACTOR),
    };
    this.perEmail = {
      signup: limits.limiter('oidc-signup-email', PER_EMAIL.signup),
      signin: limits.limiter('oidc-signin-email', PER_EMAIL.signin),
      reset: limits.limiter('oidc-reset-email', PER_EMAIL.reset),
    };
    this.resetPerEmailAndAddress = limits.limiter(
      'oidc-reset-email-ip',
      RESET_PER_EMAIL_AND_ADDRESS,
    );
  }

  /** Counts the request by its client address; the state when it is over the limit. */
  async byAddress(request: FastifyRequest, action: IdentityAction): Promise<LimitState | null> {
    const state = await this.perAddress[action].hit(addressKey(request.ip));
    return state.limited ? state : null;
  }

  /**
   * Counts the request for an e-mail address; the state when it is over the limit. A reset
   * counts for the address and the asking client first, and only within that share for the
   * address over all clients.
   */
  async byEmail(
    action: Exclude<IdentityAction, 'token' | 'authorize'>,
    email: string,
    request?: FastifyRequest,
  ): Promise<LimitState | null> {
    const normalized = normalizeEmail(email);
    if (!normalized) return null;
    // Counted under a hash: the counters may live in Redis, which is no store of e-mail addresses.
    const key = createHash('sha256').update(normalized).digest('base64url');
    if (action === 'reset' && request) {
      const own = await this.resetPerEmailAndAddress.hit(`${key}:${addressKey(request.ip)}`);
      if (own.limited) return own;
    }
    const state = await this.perEmail[action].hit(key);
    return state.limited ? state : null;
  }
}

/** The page for a limited request: 429 with Retry-After, in the page's language. */
export function tooManyPage(reply: FastifyReply, p: PageContext, state: LimitState) {
  const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
  return reply
    .code(429)
    .header('retry-after', String(state.retryAfterSeconds))
    .send(
      messagePage(
        p,
        p.t('error.title'),
        { text: p.t('error.tooMany', { minutes }), kind: 'error' },
        [],
      ),
    );
}
