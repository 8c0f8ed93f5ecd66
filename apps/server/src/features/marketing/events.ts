import { eq } from 'drizzle-orm';
import { marketingConsents, marketingTokens, users } from '../../db/schema';
import type { AppEventHandler } from '../../events/map';
import { removeOutboxMailTo } from '../identity';

/**
 * A deleted player's consent records and mail links go, and — once the deletion committed —
 * the confirmation mails still in the outbox folder: to the profile's address and to a parent's.
 */
export function forgetMarketing(outbox: string): AppEventHandler<'user.deleted'> {
  return async (tx, user) => {
    user.vacuumAfterCommit('marketing_consents', 'marketing_tokens');
    await tx.delete(marketingConsents).where(eq(marketingConsents.userId, user.id));
    const mailed = await tx
      .delete(marketingTokens)
      .where(eq(marketingTokens.userId, user.id))
      .returning({ parentMail: marketingTokens.parentMail });
    if (mailed.length === 0) return;
    const [profile] = await tx
      .select({ mail: users.mail })
      .from(users)
      .where(eq(users.id, user.id));
    const to = new Set(
      [profile?.mail, ...mailed.map((m) => m.parentMail)].filter((m): m is string => !!m),
    );
    for (const mail of to)
      user.afterCommit(() => removeOutboxMailTo(outbox, mail).then(() => undefined));
  };
}
