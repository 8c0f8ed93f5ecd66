import { deviceAuthorization } from '@arcadia/contracts';
import {
  startTestIssuer,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
} from '../../../apps/server/test/support/issuer';
import { maps, users } from '../../../apps/server/src/db/schema';
import { createArcade } from '../../../apps/server/src/features/arcades/service';
import { createDevice } from '../../../apps/server/src/features/devices/service';
import type { Target } from './targets';

export const FAULT_ARCADE = 'fault-arcade';
export const FAULT_MAP = 'fault-map';

export interface FaultDevice {
  id: string;
  authorization: string;
}

export interface FaultPlayer {
  id: string;
  userName: string;
  /** The identity_sub: a test issuer's token for it signs in as this player. */
  sub: string;
  /** A token of the arcade's test issuer for this player (to join devices). */
  token: string;
}

export interface FaultArcade {
  devices: FaultDevice[];
  players: FaultPlayer[];
  /** The server's environment for the arcade's test issuer, whose tokens the players hold. */
  env: Record<string, string>;
  /** Stops the test issuer. */
  close: () => Promise<void>;
}

/**
 * An arcade with `devices` devices (keys as `npm run admin -- device create` makes them, through
 * the same service) and `players` registered players, written into the target's database before
 * a server process opens it.
 */
export async function prepareArcade(
  target: Target,
  counts: { devices: number; players: number },
): Promise<FaultArcade> {
  const database = await target.open();
  try {
    const { db } = database;
    await createArcade(db, { id: FAULT_ARCADE, name: 'Fault Arcade', city: 'Teststadt' });
    await db
      .insert(maps)
      .values({ id: FAULT_MAP, name: 'Fault Map', iconPath: '/assets/maps/neon-docks.svg' });
    const devices: FaultDevice[] = [];
    for (let i = 1; i <= counts.devices; i++) {
      const id = `arena-${i}`;
      const { key } = await createDevice(db, { arcade: FAULT_ARCADE, id, name: `Arena ${i}` });
      devices.push({ id, authorization: deviceAuthorization(FAULT_ARCADE, id, key) });
    }
    const rows =
      counts.players === 0
        ? []
        : await db
            .insert(users)
            .values(
              Array.from({ length: counts.players }, (_, i) => ({
                userName: `Fault${String(i + 1).padStart(3, '0')}`,
                identitySub: `fault-player-${i + 1}`,
                mail: `fault${i + 1}@example.test`,
                agbAcceptedAt: new Date(),
              })),
            )
            .returning({ id: users.id, userName: users.userName, sub: users.identitySub });
    // Players join devices as players do, with a token: a device may report only its roster.
    const issuer = await startTestIssuer();
    const players = await Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        userName: r.userName,
        sub: r.sub!,
        token: await issuer.mint(r.sub!, { expiresIn: 3 * 3600 }),
      })),
    );
    return {
      devices,
      players,
      env: {
        OIDC_ISSUER: issuer.issuer,
        OIDC_AUDIENCE: TEST_AUDIENCE,
        OIDC_CLIENT_ID: TEST_CLIENT_ID,
      },
      close: () => issuer.close(),
    };
  } finally {
    await database.close();
  }
}
