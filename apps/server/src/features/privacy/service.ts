import { sql } from 'drizzle-orm';
import { DATA_EXPORT_FORMAT } from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { accountForExport } from '../identity';
import type { ExportSection } from './coverage';
import {
  currentDeviceOf,
  friendsOf,
  gamesOf,
  marketingOf,
  notificationsOf,
  operatorOf,
  profileOf,
  pushOutboxOf,
  pushSubscriptionsOf,
  statisticsOf,
  userCardOf,
  visitsOf,
  type GameRow,
} from './repository';

export type DataExport = Awaited<ReturnType<typeof buildExport>>;

/**
 * Everything Arcadia holds about the signed-in player (`sub`), read in one read-only snapshot so
 * the sections agree with each other. A signed-in player without a profile still gets their
 * account; the profile's sections are then empty.
 */
export async function buildExport(db: Db, sub: string) {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      const profileRow = await profileOf(tx, sub);
      const account = await accountForExport(tx, sub);
      const id = profileRow?.id;
      const [friends, games, statistics, visits, currentDevice, userCard] = id
        ? [
            await friendsOf(tx, id),
            await gamesOf(tx, id),
            await statisticsOf(tx, id),
            await visitsOf(tx, id),
            await currentDeviceOf(tx, id),
            await userCardOf(tx, id),
          ]
        : [
            { added: [], addedYou: [] },
            [] as GameRow[],
            { totals: [], periods: [], ratings: [], achievements: [], achievementFacts: null },
            [],
            null,
            null,
          ];
      const [pushSubscriptions, pushOutbox, notifications, operator] = id
        ? [
            await pushSubscriptionsOf(tx, id),
            await pushOutboxOf(tx, id),
            await notificationsOf(tx, id),
            await operatorOf(tx, id),
          ]
        : [
            [],
            [],
            { readUpTo: null, items: [] },
            { arcades: [], cardBatchesCreated: [], actions: [], changesToYou: [] },
          ];
      const marketing = id ? await marketingOf(tx, id) : { events: [], links: [] };
      const profile = profileRow && {
        id: profileRow.id,
        userName: profileRow.userName,
        mail: profileRow.mail,
        mailVerifiedAt: profileRow.mailVerifiedAt,
        birthday: profileRow.birthday,
        instagram: profileRow.instagram,
        language: profileRow.language,
        role: profileRow.role,
        earlyAdopter: profileRow.earlyAdopter,
        createdAt: profileRow.createdAt,
        suspendedAt: profileRow.suspendedAt,
        suspendedReason: profileRow.suspendedReason,
        profileVisibility: profileRow.profileVisibility,
        leaderboardVisible: profileRow.leaderboardVisible,
      };
      const sections = {
        profile,
        consents: profileRow && {
          termsAcceptedAt: profileRow.agbAcceptedAt,
          termsVersion: profileRow.agbVersion,
          marketingMails: profileRow.marketingConsent,
          marketingEvents: marketing.events,
          marketingLinks: marketing.links,
        },
        account,
        friends,
        games,
        statistics,
        visits,
        currentDevice,
        userCard: profileRow && { ...userCard, unusedCardSecret: profileRow.cardSecretSet },
        pushSubscriptions,
        pushOutbox,
        notifications,
        operator,
      } satisfies Record<ExportSection, unknown>;
      return {
        format: DATA_EXPORT_FORMAT,
        generatedAt: new Date().toISOString(),
        signIn: { subject: sub },
        ...sections,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
