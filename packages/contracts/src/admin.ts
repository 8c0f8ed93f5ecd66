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

/** GET /api/admin/audit: filters (all optional), newest first, `before` = the last id seen. */
export const auditQuerySchema = z.object({
  action: z.string().trim().min(1).max(64).optional(),
  targetType: z.string().trim().min(1).max(32).optional(),
  targetId: z.string().trim().min(1).max(128).optional(),
  actor: z.uuid({ message: 'actor must be a user id' }).optional(),
  arcade: deviceSegmentSchema.optional(),
  from: z.iso.datetime({ offset: true, message: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'to must be an ISO date-time' }).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  arcadeId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** PUT /api/admin/users/{id}/role: staff need the arcades they run; others take none. */
export const roleChangeSchema = z
  .object({
    role: userRoleSchema,
    arcades: z.array(deviceSegmentSchema).max(100).optional(),
  })
  .refine((v) => v.role !== 'staff' || (v.arcades?.length ?? 0) > 0, {
    path: ['arcades'],
    message: 'staff need at least one arcade',
  })
  .refine((v) => v.role === 'staff' || !v.arcades?.length, {
    path: ['arcades'],
    message: 'only staff run arcades',
  });
export type RoleChange = z.infer<typeof roleChangeSchema>;

export const roleAnswerSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  role: userRoleSchema,
  arcades: z.array(z.string()),
});

export const adminUserParamsSchema = z.object({
  id: z.uuid({ message: 'id must be a user id' }),
});

/** POST /api/admin/bootstrap: the first admin, with the secret the server wrote at start. */
export const bootstrapRequestSchema = z.object({
  secret: z.string().min(16).max(256),
  email: z.email({ message: 'email must be an e-mail address' }).max(254),
});
