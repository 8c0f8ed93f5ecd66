import type {
  AdminApplication,
  AdminMode,
  ApplicationCreate,
  ApplicationUpdate,
  GameType,
  ModeCreate,
  ModeUpdate,
} from '@arcadia/contracts';
import type { Db } from '../../db/client';
import {
  applicationById,
  createApplication,
  createMode,
  updateApplication,
  updateMode,
} from '../games';
import type { Operator } from './access';
import { recordAudit } from './audit';

/**
 * The operator console's changes to the applications of the game catalogue and their modes,
 * each audited in its transaction (docs/operator-console.md).
 */

const modeTarget = (applicationId: string, modeId: string) => `${applicationId};${modeId}`;

export async function addApplication(
  db: Db,
  operator: Operator,
  input: ApplicationCreate,
): Promise<AdminApplication> {
  return db.transaction(async (tx) => {
    const application = await createApplication(tx, input);
    const { modes: _modes, ...after } = application;
    await recordAudit(tx, operator, {
      action: 'application.create',
      targetType: 'application',
      targetId: application.id,
      after,
    });
    return application;
  });
}

export async function editApplication(
  db: Db,
  operator: Operator,
  id: string,
  changes: ApplicationUpdate,
): Promise<AdminApplication> {
  return db.transaction(async (tx) => {
    const { before, after } = await updateApplication(tx, id, changes);
    const { modes: _before, ...was } = before;
    const { modes: _after, ...is } = after;
    await recordAudit(tx, operator, {
      action: 'application.update',
      targetType: 'application',
      targetId: id,
      before: was,
      after: is,
    });
    return after;
  });
}

export async function addMode(
  db: Db,
  operator: Operator,
  applicationId: string,
  input: ModeCreate,
): Promise<AdminMode> {
  return db.transaction(async (tx) => {
    const mode = await createMode(tx, applicationId, input);
    await recordAudit(tx, operator, {
      action: 'mode.create',
      targetType: 'mode',
      targetId: modeTarget(applicationId, mode.id),
      after: mode,
    });
    return mode;
  });
}

export async function editMode(
  db: Db,
  operator: Operator,
  applicationId: string,
  id: GameType,
  changes: ModeUpdate,
): Promise<AdminMode> {
  return db.transaction(async (tx) => {
    const { before, after } = await updateMode(tx, applicationId, id, changes);
    await recordAudit(tx, operator, {
      action: 'mode.update',
      targetType: 'mode',
      targetId: modeTarget(applicationId, id),
      before,
      after,
    });
    return after;
  });
}

/** Retires a mode (new reports in it are refused) or puts it back in play; idempotent. */
export async function setModeRetired(
  db: Db,
  operator: Operator,
  applicationId: string,
  id: GameType,
  retired: boolean,
): Promise<AdminMode> {
  return db.transaction(async (tx) => {
    const current = (await applicationById(tx, applicationId)).modes.find((m) => m.id === id);
    // An unknown mode: updateMode answers the 404. Nothing to change: nothing audited.
    if (current && Boolean(current.retiredAt) === retired) return current;
    const { before, after } = await updateMode(tx, applicationId, id, {
      retiredAt: retired ? new Date() : null,
    });
    await recordAudit(tx, operator, {
      action: retired ? 'mode.retire' : 'mode.unretire',
      targetType: 'mode',
      targetId: modeTarget(applicationId, id),
      before,
      after,
    });
    return after;
  });
}
