import type { AdminAsset } from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { assetUrl, prepareImage, storeImage } from '../news';
import type { Operator } from './access';
import { recordAudit } from './audit';

/**
 * An image uploaded in the console (a map or game icon, an arcade logo, a news header): read and
 * normalised first (400 when it is no image), then stored with its audit entry in one transaction.
 * Assets are never changed: a new image is a new asset, so its URL can be cached for good.
 */
export async function uploadAsset(
  db: Db,
  operator: Operator,
  data: Buffer,
  name: string,
): Promise<AdminAsset> {
  const image = await prepareImage(data, name);
  return db.transaction(async (tx) => {
    const stored = await storeImage(tx, image);
    const asset = { ...stored, url: assetUrl(stored) };
    await recordAudit(tx, operator, {
      action: 'asset.upload',
      targetType: 'asset',
      targetId: asset.id,
      after: {
        fileName: asset.fileName,
        contentType: asset.contentType,
        width: asset.width,
        height: asset.height,
        size: asset.size,
      },
    });
    return asset;
  });
}
