/**
 * The scanner widget (spec §2, §4, §5, §8, §9): camera and file scanning of QR codes and 16
 * more barcode types. The decoder and its wasm load only when a scanner is shown.
 */
export { Scanner, type ScannerProps, type ScannerHandle, type ScanControls } from './Scanner';
export {
  deviceScannerConfig,
  userCardScannerConfig,
  resolveScannerConfig,
  ScannerConfigError,
  type ScannerConfig,
  type CameraConfig,
} from './config';
export { shortenFileName } from './file-name';
export type { ScannerMessage, MessageKey } from './messages';
export { CAMERA_DATA_KEY } from './permission-store';
export { parseUserCard, parseDeviceCode, parseClaimCode, claimPath } from '@arcadia/contracts';
