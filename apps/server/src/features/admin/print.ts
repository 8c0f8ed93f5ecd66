import {
  ADMIN_GAMES_TIME_ZONE,
  formatDeviceCode,
  userCardUrl,
  type CardBatchCreate,
  type CardBatchDetail,
  type CardSheetQuery,
  type PrintFormat,
} from '@arcadia/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { arcadeDetails, arcadeExists } from '../arcades';
import { adminDevice } from '../devices';
import { cardSheet, deviceSign, renderPdf, renderPng, type PrintDocument } from '../print';
import { cardBatchDetail, insertCardBatch, issueSheetSecrets } from '../user-cards';
import type { Operator } from './access';
import { recordAudit } from './audit';

/**
 * Printing in the operator console: a device's QR sign (read-only) and user-card batches, whose
 * creation and each printed sheet (it issues new claim secrets) are audited in their transaction.
 */

export interface Printout {
  data: Buffer;
  contentType: string;
  fileName: string;
  /** Pages the whole printout has (a PNG is one of them). */
  pageCount: number;
}

async function render(
  document: PrintDocument,
  format: PrintFormat,
  stem: string,
  pageCount = document.pages.length,
): Promise<Printout> {
  if (format === 'pdf')
    return {
      data: await renderPdf(document),
      contentType: 'application/pdf',
      fileName: `${stem}.pdf`,
      pageCount,
    };
  return {
    data: await renderPng(document.pages[0]!),
    contentType: 'image/png',
    fileName: `${stem}.png`,
    pageCount,
  };
}

/** The day a sheet is printed, YYYY-MM-DD in the arcades' time zone (the console's day). */
const BERLIN_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: ADMIN_GAMES_TIME_ZONE });

/** A file name part from free text: ASCII letters, digits and dashes. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .toLowerCase();
}

/** The A6 sign of a device: its QR code is the device code the player's scanner accepts. */
export async function deviceSignPrintout(
  db: Db,
  arcadeId: string,
  deviceId: string,
  format: PrintFormat,
): Promise<Printout> {
  const arcade = await arcadeDetails(db, arcadeId);
  const device = await adminDevice(db, arcadeId, deviceId);
  const document = deviceSign({
    arcadeName: arcade.name,
    deviceName: device.name,
    code: formatDeviceCode({ arcade: arcadeId, id: deviceId }),
    reference: `${arcadeId};${deviceId}`,
  });
  return render(document, format, `arcadia-sign-${arcadeId}-${deviceId}`);
}

export async function createCardBatch(
  db: Db,
  operator: Operator,
  arcadeId: string,
  input: CardBatchCreate,
): Promise<CardBatchDetail> {
  return db.transaction(async (tx) => {
    if (!(await arcadeExists(tx, arcadeId))) throw notFound(`No arcade "${arcadeId}"`);
    const batchId = await insertCardBatch(tx, {
      arcadeId,
      label: input.label,
      count: input.count,
      createdBy: operator.userId,
    });
    await recordAudit(tx, operator, {
      action: 'user_card.batch_create',
      targetType: 'user_card_batch',
      targetId: batchId,
      arcadeId,
      after: { count: input.count, label: input.label },
    });
    return cardBatchDetail(tx, arcadeId, batchId);
  });
}

/**
 * The sheet of a batch's unclaimed cards with new claim secrets, rendered inside the transaction
 * that stores their hashes: if drawing fails, the secrets printed before stay valid.
 */
export async function cardSheetPrintout(
  db: Db,
  operator: Operator,
  publicUrl: string,
  arcadeId: string,
  batchId: string,
  query: CardSheetQuery,
): Promise<Printout> {
  return db.transaction(async (tx) => {
    const arcade = await arcadeDetails(tx, arcadeId);
    const page = query.format === 'png' ? (query.page ?? 1) : query.page;
    const sheet = await issueSheetSecrets(tx, arcadeId, batchId, page);
    await recordAudit(tx, operator, {
      action: 'user_card.batch_print',
      targetType: 'user_card_batch',
      targetId: batchId,
      arcadeId,
      after: { format: query.format, page: page ?? null, cards: sheet.cards.length },
    });
    const document = cardSheet({
      arcadeName: arcade.name,
      label: sheet.batch.label,
      printedOn: BERLIN_DAY.format(new Date()),
      firstPage: sheet.firstPage,
      pageCount: sheet.pageCount,
      cards: sheet.cards.map((card) => ({
        position: card.position,
        userName: card.userName,
        url: userCardUrl(publicUrl, card.userId, card.secret),
      })),
    });
    const stem = [
      'arcadia-cards',
      arcadeId,
      slug(sheet.batch.label ?? '') || batchId.slice(0, 8),
      page === undefined ? '' : `p${page}`,
    ]
      .filter(Boolean)
      .join('-');
    return render(document, query.format, stem, sheet.pageCount);
  });
}
