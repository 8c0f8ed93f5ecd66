import { friendships, users } from '../db/schema';
import { usernameSkeleton } from '../db/username-skeleton';
import type { SeedContext } from './index';

/** Invented demo players. Unclaimed (no identity) until someone links a card to one. */
const DEMO_PLAYERS = [
  'NeonNova',
  'PixelPirat',
  'LaserLuchs',
  'BlitzBiene',
  'ArcadeAce',
  'TurboTiger',
  'GlitchGeist',
  'RetroRaptor',
  'QuantumQi',
  'ByteBaron',
  'NightOwl',
  'SonicSepp',
  'VoltVixen',
  'HyperHugo',
  'MegaMia',
  'ZapZora',
] as const;

export async function seedPlayers({ db }: SeedContext): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(users)
      .values(
        DEMO_PLAYERS.map((userName, i) => ({
          userName,
          userNameSkeleton: usernameSkeleton(userName),
          earlyAdopter: i < 6,
          marketingConsent: false,
          createdAt: new Date(Date.now() - (DEMO_PLAYERS.length - i) * 86_400_000),
        })),
      )
      .returning({ id: users.id });
    const pairs: Array<{ userId: string; friendId: string }> = [];
    rows.forEach((row, i) => {
      for (const offset of [1, 2, 5]) {
        const friend = rows[(i + offset) % rows.length]!;
        pairs.push({ userId: row.id, friendId: friend.id });
      }
    });
    await tx.insert(friendships).values(pairs).onConflictDoNothing();
  });
}
