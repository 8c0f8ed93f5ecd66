import { z } from 'zod';
import { deviceSegmentSchema } from './device-code';
import { PLAIN_LINE, SINGLE_LINE, VISIBLE_NAME } from './limits';

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

/**
 * Every change the audit log records (`action`), and what it is about (`targetType`): one list,
 * so the server cannot write an action the console does not know.
 */
export const AUDIT_ACTIONS = [
  'user.role',
  'user.rename',
  'user.suspend',
  'user.unsuspend',
  'user.delete',
  'arcade.create',
  'arcade.update',
  'arcade.retire',
  'device.create',
  'device.update',
  'device.rotate_key',
  'device.disable',
  'device.enable',
  'device.kick',
  'application.create',
  'application.update',
  'mode.create',
  'mode.update',
  'mode.retire',
  'mode.unretire',
  'map.create',
  'map.update',
  'map.retire',
  'map.unretire',
  'asset.upload',
  'news.create',
  'news.update',
  'news.publish',
  'news.unpublish',
  'news.delete',
  'game.void',
  'game.assign',
  'user_card.batch_create',
  'user_card.batch_print',
  'user_card.create',
  'user_card.reprint',
  'signing_key.rotate',
  'visit.create',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'user',
  'arcade',
  'device',
  'application',
  'mode',
  'map',
  'asset',
  'news',
  'game',
  'user_card_batch',
  'visit',
  'signing_key',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** GET /api/admin/audit: filters (all optional), newest first, `before` = the last id seen. */
export const auditQuerySchema = z.object({
  action: z.string().trim().min(1).max(64).optional(),
  targetType: z.string().trim().min(1).max(32).optional(),
  targetId: z.string().trim().min(1).max(128).optional(),
  actor: z.uuid({ message: 'actor must be a user id' }).toLowerCase().optional(),
  arcade: deviceSegmentSchema.optional(),
  from: z.iso.datetime({ offset: true, message: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'to must be an ISO date-time' }).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * The fields of an entry's `before` / `after` (top level) that hold the id of something with a
 * name, and what it is: the listing resolves them into `names`, the console shows the names.
 * `arcades` holds a list of ids.
 */
export const AUDIT_REFERENCE_FIELDS = {
  userId: 'user',
  leftDevice: 'device',
  arcades: 'arcade',
  applicationId: 'application',
  headerAssetId: 'asset',
} as const satisfies Record<string, AuditTargetType>;

/** The key of `names` for a thing of this type and id: `user:<uuid>`, `device:<arcade>;<id>`. */
export const auditNameKey = (type: string, id: string) => `${type}:${id}`;

/**
 * What an id of an entry names now, as the listing found it. `deleted`: it is gone (then a
 * player's name is never answered; an article keeps the title the entry itself recorded).
 */
export const auditNameSchema = z.object({
  /** The current name (a user's, arcade's, device's, map's …; a batch's label); null without one. */
  name: z.string().nullable(),
  /** Names that differ by language (a mode, an article's title): the console takes its own. */
  names: z.object({ de: z.string(), en: z.string().nullable() }).optional(),
  /** When it happened, for what is named by a time (a game: when it was played; a batch). */
  at: z.string().optional(),
  deleted: z.boolean(),
});
export type AuditName = z.infer<typeof auditNameSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null for the CLI, the bootstrap and once the actor deleted their profile (see actorLabel). */
  actorUserId: z.string().nullable(),
  /** The actor's name when the change was made, or `cli`, `bootstrap`, `deleted player`. */
  actorLabel: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  arcadeId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /**
   * The names of what the entry mentions, by `auditNameKey(type, id)`: the actor (`user:`), the
   * target, the arcade, and the ids of AUDIT_REFERENCE_FIELDS in before/after (a mode's
   * application too). An id the listing could not look up has no key.
   */
  names: z.record(z.string(), auditNameSchema),
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
  id: z.uuid({ message: 'id must be a user id' }).toLowerCase(),
});

/** POST /api/admin/bootstrap: the first admin, with the secret the server wrote at start. */
export const bootstrapRequestSchema = z.object({
  secret: z.string().min(16).max(256),
  email: z.email({ message: 'email must be an e-mail address' }).max(254),
});

/** The refusal of an opening period that closes when it opens (the form says it at its closing). */
export const OPENING_PERIOD_SAME_TIME = 'closes must be another time than opens';

/** One opening period of a week day; `closes` before `opens` means after midnight. */
export const openingPeriodSchema = z.object({
  day: z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']),
  opens: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'opens must be HH:MM' }),
  closes: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'closes must be HH:MM' }),
});
/**
 * A period as an operator enters it: equal times would be a period of no time (or of the whole
 * day, read the other way), refused as the period. Answers keep the plain shape, so an arcade
 * stored before this check is still served.
 */
const openingPeriodInputSchema = openingPeriodSchema.refine((p) => p.opens !== p.closes, {
  message: OPENING_PERIOD_SAME_TIME,
});
export type OpeningPeriod = z.infer<typeof openingPeriodSchema>;

/**
 * A site path of an icon or logo (`/assets/maps/x.svg`; an uploaded image's URL is such a path).
 * Not another site's URL: the app's Content-Security-Policy loads images from its own origin only,
 * so such a logo would show as a broken image to every player.
 */
export const iconPathSchema = z
  .string()
  .trim()
  .max(500)
  // Not `//host/…`: a protocol-relative path is another site's address.
  .regex(/^\/(?!\/)[A-Za-z0-9._~\-/]+$/, {
    message: 'must be a site path (/assets/…) or an uploaded image; other sites are not allowed',
  });
const iconPath = iconPathSchema;

/** An arcade's or a device's name: players see it on match pages and signs. */
const shownName = z
  .string()
  .trim()
  .min(1, { message: 'name must not be empty' })
  .max(80)
  .regex(SINGLE_LINE, { message: 'name must be one line without control characters' })
  .regex(VISIBLE_NAME, { message: 'name must be visible characters, without direction controls' });
const plainLine = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(PLAIN_LINE, { message: `${field} must be one line without direction controls` });

const arcadeDetails = {
  name: shownName,
  city: plainLine(80, 'city'),
  address: plainLine(200, 'address'),
  openingHours: z.array(openingPeriodInputSchema).max(21),
  logoPath: iconPath.nullable(),
};

/** POST /api/admin/arcades (admins). */
export const arcadeCreateSchema = z.object({
  id: deviceSegmentSchema,
  name: arcadeDetails.name,
  city: arcadeDetails.city.default(''),
  address: arcadeDetails.address.default(''),
  openingHours: arcadeDetails.openingHours.default([]),
  logoPath: arcadeDetails.logoPath.default(null),
});
export type ArcadeCreate = z.infer<typeof arcadeCreateSchema>;

/** PATCH /api/admin/arcades/{arcadeId} (staff of it, admins): the fields to change. */
export const arcadeUpdateSchema = z
  .object({
    name: arcadeDetails.name.optional(),
    city: arcadeDetails.city.optional(),
    address: arcadeDetails.address.optional(),
    openingHours: arcadeDetails.openingHours.optional(),
    logoPath: arcadeDetails.logoPath.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type ArcadeUpdate = z.infer<typeof arcadeUpdateSchema>;

export const adminArcadeSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  openingHours: z.array(openingPeriodSchema),
  /** The arcade's logo (a site path), null without one. */
  logoPath: z.string().nullable(),
  retiredAt: z.string().nullable(),
});
export type AdminArcade = z.infer<typeof adminArcadeSchema>;
export const adminArcadesSchema = z.object({ arcades: z.array(adminArcadeSchema) });

export const adminDeviceParamsSchema = z.object({
  arcadeId: deviceSegmentSchema,
  deviceId: deviceSegmentSchema,
});
export const adminKickParamsSchema = adminDeviceParamsSchema.extend({
  userId: z.uuid({ message: 'userId must be a user id' }).toLowerCase(),
});

/** POST /api/admin/arcades/{arcadeId}/devices (staff of it, admins). */
export const deviceCreateSchema = z.object({
  id: deviceSegmentSchema,
  name: shownName,
  capacity: z.number().int().min(1).max(32).optional(),
  kind: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(PLAIN_LINE, { message: 'kind must be one line without direction controls' })
    .optional(),
  applicationId: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'applicationId must be a lowercase slug' })
    .optional(),
});
export type DeviceCreate = z.infer<typeof deviceCreateSchema>;

/** PATCH …/devices/{id}: a new name, shown to its players (unique in the arcade as at creation). */
export const deviceRenameSchema = z.object({ name: deviceCreateSchema.shape.name });
export type DeviceRename = z.infer<typeof deviceRenameSchema>;

export const adminDeviceSchema = z.object({
  arcadeId: z.string(),
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  applicationId: z.string(),
  capacity: z.number().int(),
  online: z.boolean(),
  lastHeartbeatAt: z.string().nullable(),
  matchStartedAt: z.string().nullable(),
  disabled: z.boolean(),
  /** Who is on the device now. */
  players: z.array(z.object({ userId: z.string(), userName: z.string(), joinedAt: z.string() })),
});
export type AdminDevice = z.infer<typeof adminDeviceSchema>;
export const adminDevicesSchema = z.object({ devices: z.array(adminDeviceSchema) });

/** A new device or a rotated key: the key is answered this once, only its hash is stored. */
export const deviceWithKeySchema = z.object({ device: adminDeviceSchema, key: z.string() });

/** A map of a game, as the operator console edits it (the `maps` table; reports name its id). */
export const adminMapSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  name: z.string(),
  iconPath: z.string(),
  /** Set while the map is retired: reports on it are refused, stored games keep it. */
  retiredAt: z.string().nullable(),
});
export type AdminMap = z.infer<typeof adminMapSchema>;
export const adminMapsSchema = z.object({ maps: z.array(adminMapSchema) });

const mapName = z.string().trim().min(1, { message: 'name must not be empty' }).max(80);

/** POST /api/admin/maps (admins). */
export const mapCreateSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: 'id must be a lowercase slug' }),
  applicationId: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'applicationId must be a lowercase slug' })
    .default('commando'),
  name: mapName,
  iconPath,
});
export type MapCreate = z.infer<typeof mapCreateSchema>;

/** PATCH /api/admin/maps/{mapId} (admins). */
export const mapUpdateSchema = z
  .object({ name: mapName.optional(), iconPath: iconPath.optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type MapUpdate = z.infer<typeof mapUpdateSchema>;

export const adminMapParamsSchema = z.object({
  mapId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: 'mapId must be a slug' }),
});

/** The largest image `POST /api/admin/assets` takes (before it is scaled to the stored width). */
export const ASSET_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels an upload may have (50 megapixels): decoding one costs 4 bytes a pixel, and a
 * compressed file of 10 MB can hold far more. Refused with 400 `image_too_many_pixels`.
 */
export const ASSET_UPLOAD_MAX_PIXELS = 50_000_000;

/** POST /api/admin/assets?name=…: the body is the image's bytes, its Content-Type image/*. */
export const assetUploadQuerySchema = z.object({
  name: z.string().trim().min(1, { message: 'name must not be empty' }).max(120),
});

/**
 * An uploaded image (icons, logos, news headers), stored once and served through the image
 * transform at `url` (`?fm=jpg&fl=progressive&q=50&w=1000` and the like). `url` is a site path,
 * valid wherever the console takes an icon or logo path.
 */
export const adminAssetSchema = z.object({
  id: z.uuid().toLowerCase(),
  fileName: z.string(),
  contentType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int(),
  url: z.string(),
});
export type AdminAsset = z.infer<typeof adminAssetSchema>;
