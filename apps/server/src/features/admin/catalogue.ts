import type { AdminMap, MapCreate, MapUpdate } from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { createMap, mapById, updateMap } from '../games';
import type { Operator } from './access';
import { recordAudit } from './audit';

/** The operator console's changes to the game catalogue (maps), each audited in its transaction. */

export async function addMap(db: Db, operator: Operator, input: MapCreate): Promise<AdminMap> {
  return db.transaction(async (tx) => {
    const map = await createMap(tx, input);
    await recordAudit(tx, operator, {
      action: 'map.create',
      targetType: 'map',
      targetId: map.id,
      after: map,
    });
    return map;
  });
}

export async function editMap(
  db: Db,
  operator: Operator,
  id: string,
  changes: MapUpdate,
): Promise<AdminMap> {
  return db.transaction(async (tx) => {
    const { before, after } = await updateMap(tx, id, changes);
    await recordAudit(tx, operator, {
      action: 'map.update',
      targetType: 'map',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

/** Retires a map (new reports on it are refused) or puts it back in play; idempotent. */
export async function setMapRetired(
  db: Db,
  operator: Operator,
  id: string,
  retired: boolean,
): Promise<AdminMap> {
  return db.transaction(async (tx) => {
    // Nothing to change: a retired map keeps its date, and nothing is audited.
    const current = await mapById(tx, id);
    if (Boolean(current.retiredAt) === retired) return current;
    const { before, after } = await updateMap(tx, id, { retiredAt: retired ? new Date() : null });
    await recordAudit(tx, operator, {
      action: retired ? 'map.retire' : 'map.unretire',
      targetType: 'map',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}
