import type { Tx } from '../../db/client';
import { normalizeImage } from './images';
import { findAssetMeta, insertAsset, type AssetMeta } from './repository';

/** The site path an asset is served at, through the image transform (routes.ts). */
export const assetUrl = (asset: Pick<AssetMeta, 'id' | 'fileName'>) =>
  `/api/assets/${asset.id}/${encodeURIComponent(asset.fileName)}`;

/**
 * An image decoded before the transaction (sharp is slow, a transaction should not wait on it),
 * so a caller can validate first and store inside its own transaction.
 */
export type PreparedImage = Awaited<ReturnType<typeof normalizeImage>>;

/** Reads and normalises uploaded bytes: 400 with the field `image` when sharp cannot read them. */
export const prepareImage = (data: Buffer, name: string): Promise<PreparedImage> =>
  normalizeImage(data, name);

/** Stores a prepared image in the caller's transaction; answers its metadata. */
export async function storeImage(tx: Tx, image: PreparedImage): Promise<AssetMeta> {
  const id = await insertAsset(tx, image);
  return (await findAssetMeta(tx, id))!;
}
