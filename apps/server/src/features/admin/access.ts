import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { AppError, forbidden } from '../../plugins/errors';
import { requireAuth } from '../../plugins/auth';
import { currentUser } from '../users';
import { staffArcadesOf } from './repository';

/**
 * Who may call an operator route, declared on the route as `config: { access }`:
 * - `{ role: 'admin' }`: admins only;
 * - `{ role: 'staff' }`: staff and admins (the handler scopes what staff see by `operator`);
 * - `{ role: 'staff', arcade }`: admins, and staff of the arcade `arcade(request)` names (read
 *   from the raw path, before validation, so a refusal never depends on the input's shape).
 */
export type Access =
  { role: 'admin' } | { role: 'staff'; arcade?: (request: FastifyRequest) => string | undefined };

/** The signed-in operator of an admin route, set by the guard. */
export interface Operator {
  userId: string;
  userName: string;
  role: 'staff' | 'admin';
  /** The arcades a staff member runs; null for an admin (every arcade). */
  arcades: string[] | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call an operator route (features/admin/access.ts); required under /api/admin. */
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by the operator guard on every /api/admin route. */
    operator: Operator | null;
  }
}

/** The operator a route runs for: the guard has set it on every admin route. */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw forbidden();
  return request.operator;
}

/** Whether the operator may act for an arcade. */
export function mayActFor(operator: Operator, arcadeId: string): boolean {
  return operator.arcades === null || operator.arcades.includes(arcadeId);
}

/** The operator behind a verified sign-in: null for a player or an unregistered sign-in. */
export async function operatorBySub(db: Queryable, sub: string): Promise<Operator | null> {
  let user;
  try {
    user = await currentUser(db, sub);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
  if (user.role === 'player') return null;
  return {
    userId: user.id,
    userName: user.userName,
    role: user.role,
    arcades: user.role === 'admin' ? null : await staffArcadesOf(db, user.id),
  };
}

/**
 * The one guard of the operator routes, for the plugin they are declared in: a route without
 * `access` cannot be declared; every request is checked before its input is read. No bearer
 * token (or a device key) → 401 from the auth hook; a player, staff of another arcade or staff on
 * an admin-only route → 403.
 */
export function guardOperatorRoutes(app: FastifyInstance): void {
  app.decorateRequest('operator', null);
  app.addHook('onRoute', (route) => {
    if (!route.config?.access)
      throw new Error(`${route.method.toString()} ${route.url} needs config.access`);
  });
  // preParsing, not preValidation: the role is checked before the body is read, so a player's
  // malformed or oversized body is refused as a player's (403), not answered as input (400).
  app.addHook('preParsing', async (request, _reply, payload) => {
    await checkOperator(request);
    return payload;
  });

  async function checkOperator(request: FastifyRequest): Promise<void> {
    const access = request.routeOptions.config.access;
    const auth = requireAuth(request);
    const operator = await operatorBySub(app.db, auth.sub);
    if (!operator || !access) throw forbidden('This needs an operator (staff or admin) account');
    if (access.role === 'admin' && operator.role !== 'admin')
      throw forbidden('This needs an admin account');
    if (access.role === 'staff' && access.arcade) {
      const arcadeId = access.arcade(request);
      if (arcadeId === undefined || !mayActFor(operator, arcadeId))
        throw forbidden('You are not staff of this arcade');
    }
    request.operator = operator;
  }
}

/** `arcade` of an Access: the raw path parameter of that name. */
export const arcadeParam =
  (name = 'arcadeId') =>
  (request: FastifyRequest): string | undefined => {
    const value = (request.params as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : undefined;
  };
