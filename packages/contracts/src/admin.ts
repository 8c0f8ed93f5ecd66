import { z } from 'zod';
import { deviceSegmentSchema } from './device-code';

/**
 * The operator console's API under /api/admin (docs/operator-console.md). Roles: `admin` may do
 * everything; `staff` acts only for the arcades they run; players and anonymous callers are
 * refused (403 / 401), and a device key never works here.
 */

export const USER_ROLES = ['player', 'staff', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/** GET /api/admin/me: who the signed-in operator is and what they run. */
export const operatorSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  role: z.enum(['staff', 'admin']),
  /** The arcades a staff member runs; null for an admin (every arcade). */
  arcades: z.array(z.string()).nullable(),
});
export type OperatorInfo = z.infer<typeof operatorSchema>;

export const adminArcadeParamsSchema = z.object({ arcadeId: deviceSegmentSchema });
