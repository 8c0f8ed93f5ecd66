import type { AppEventHandler } from '../../events/map';
import { deleteAccount, endAllSessions } from './accounts';
import { removeOutboxMailTo } from './mailer';
import { accountThrottleKey, resetThrottleKey } from './service';
import { forgetThrottles } from './throttle';

/**
 * A deleted player's sign-in at the embedded provider goes: its sessions, grants and tokens,
 * the account with its reset tokens, the throttle counters kept under its e-mail, and — once
 * the deletion committed — the mail to it still in the outbox folder (`outbox`: mailer.ts
 * outboxDir).
 */
export function forgetIdentity(outbox: string): AppEventHandler<'user.deleted'> {
  return async (tx, user) => {
    user.vacuumAfterCommit('accounts', 'oidc_models', 'password_resets', 'login_throttle');
    if (!user.identitySub) return;
    await endAllSessions(tx, user.identitySub);
    const email = await deleteAccount(tx, user.identitySub);
    if (!email) return;
    await forgetThrottles(
      tx,
      [accountThrottleKey(email), resetThrottleKey(email)],
      [`${accountThrottleKey(email)}|`],
    );
    user.afterCommit(async () => {
      await removeOutboxMailTo(outbox, email);
    });
  };
}
