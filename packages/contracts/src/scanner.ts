/**
 * Scanner constants of spec §9 and the scan formats of spec §1, shared by the web widget and
 * the decoder benchmark.
 */

/** Frames per second when a config names none. */
export const SCANNER_DEFAULT_FPS = 2;
/** Width of the scanner when its container reports none (hidden, not laid out yet). */
export const SCANNER_DEFAULT_WIDTH = 300;
/** The scan box is at least this many pixels on each side. */
export const SCAN_BOX_MIN = 50;
/** The file-mode preview is at least this high. */
export const FILE_SCAN_MIN_HEIGHT = 300;
/** White margin drawn around an image file before it is decoded (a quiet zone for tight crops). */
export const FILE_SCAN_CANVAS_PADDING = 100;
/** An image file whose longer side is at most this that reads nothing is tried again larger. */
export const FILE_SCAN_SMALL_SIDE = 480;
/** How much larger (a phone photo of about 240 px has modules of one or two soft pixels). */
export const FILE_SCAN_SMALL_SCALE = 2;
/** What one image file may cost to decode, every retry included. */
export const FILE_SCAN_BUDGET_MS = 200;
/** Resuming the camera waits this long before the next frame is decoded. */
export const CAMERA_RESUME_WAIT_MS = 200;
/** File names longer than this are shown as their first and last FILE_NAME_KEEP characters. */
export const FILE_NAME_MAX_SHOWN = 20;
export const FILE_NAME_KEEP = 8;
/** Zoom slider defaults (the track's own range wins where it reports one). */
export const ZOOM_DEFAULT = { min: 1, max: 5, step: 0.1 } as const;
/** The decoder's wasm is loaded with up to this many attempts, this far apart. */
export const DECODER_LOAD_ATTEMPTS = 3;
export const DECODER_LOAD_WAIT_MS = 3000;

/** Device scanner (the play page): 10 fps, a 250 x 250 box, the rear camera, QR codes only. */
export const DEVICE_SCANNER_FPS = 10;
export const DEVICE_SCANNER_BOX = 250;
/** User-card scanner (link and visit pages): 30 fps, rear camera preferred, vibrate 300 ms. */
export const USER_CARD_SCANNER_FPS = 30;
export const USER_CARD_VIBRATE_MS = 300;

/** The ways one scanner can scan; a config allows at most both. */
export const SCAN_TYPES = ['camera', 'file'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

/**
 * The 17 barcode types the scanner reads (spec §9), named as the Barcode Detection API names
 * them. QR code first: it is the default and what every Arcadia code is.
 */
export const SUPPORTED_FORMATS = [
  'qr_code',
  'aztec',
  'codabar',
  'code_39',
  'code_93',
  'code_128',
  'data_matrix',
  'maxi_code',
  'itf',
  'ean_13',
  'ean_8',
  'pdf417',
  'databar',
  'databar_expanded',
  'upc_a',
  'upc_e',
  'micro_qr_code',
] as const;
export type SupportedFormat = (typeof SUPPORTED_FORMATS)[number];
