import { createHash, randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { Match } from '@arcadia/contracts';
import { MATCH_SHARE_LANGUAGES, type MatchShareLanguage } from '@arcadia/contracts/match-paths';
import type { Config } from '../../../config';
import { renderMatchImage } from './image';

/** Where the share images are kept. */
export const matchImagesDir = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, 'cache', 'match-images');

/**
 * Each game's images live in a folder of their own, `<dir>/<game id>/`: storing one, and
 * removing a game's images, then touches only that game's few files, not a directory listing
 * of every image ever drawn.
 */
const gameDirOf = (dir: string, gameId: string) => path.join(dir, gameId);

/** Removes the cached images of these games (a player of theirs deleted their profile). */
export async function removeMatchImages(dir: string, gameIds: ReadonlySet<string>): Promise<void> {
  await Promise.all(
    [...gameIds].map((id) => fs.rm(gameDirOf(dir, id), { recursive: true, force: true })),
  );
}

/** Bump when the image's layout changes: every cached image is then made anew. */
export const MATCH_IMAGE_VERSION = 4;

/** The start of a game's image file names in one language, for this layout version. */
const prefixOf = (gameId: string, language: MatchShareLanguage) =>
  `${gameId}-v${MATCH_IMAGE_VERSION}-${language}-`;

/** No drawing slot free and the queue full: the caller answers 503 with Retry-After. */
export class MatchImagesBusy extends Error {
  constructor() {
    super('Too many share images are being drawn; try again in a moment');
  }
}

/** How many images one process draws at once, and how many first views may wait for a turn. */
export interface DrawingLimits {
  drawing: number;
  waiting: number;
}

/**
 * Drawing an image costs tens of milliseconds of CPU (and its PNG encoding runs on the event
 * loop), and any game and language can be asked for anonymously: without a bound, a client
 * asking for many uncached images at once held the process so long that every other request
 * was shed as overloaded. So at most `drawing` at once, `waiting` more in line, and beyond that
 * the first view is refused at once (cached images are never held up).
 */
function drawingGate(limits: DrawingLimits) {
  const limit = pLimit(limits.drawing);
  return <T>(draw: () => Promise<T>): Promise<T> => {
    if (limit.activeCount >= limits.drawing && limit.pendingCount >= limits.waiting)
      return Promise.reject(new MatchImagesBusy());
    return limit(draw);
  };
}

export interface MatchImage {
  data: Buffer;
  etag: string;
  /** Whether the file came from the cache (else it was rendered by this call). */
  cached: boolean;
}

/**
 * Share images rendered once and then served from `<dataDir>/cache/match-images`. A stored game
 * does not change, with one exception: a player who deletes their profile is anonymised in it.
 * So the key is the game id, the layout version and a hash of what the image shows; a changed
 * game gets a new file and its older files are removed when the new one is written (a deleted
 * player's name does not stay on disk once the image is asked for again).
 */
export class MatchImages {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly draw: ReturnType<typeof drawingGate>;

  constructor(
    readonly dir: string,
    limits: DrawingLimits = { drawing: 2, waiting: 8 },
  ) {
    this.draw = drawingGate(limits);
  }

  keyOf(match: Match, language: MatchShareLanguage = 'de'): string {
    const hash = createHash('sha256')
      .update(JSON.stringify(match))
      .digest('base64url')
      .slice(0, 16);
    return `${prefixOf(match.id, language)}${hash}`;
  }

  /**
   * The image of `match`, from the cache or rendered now. `current` reads the game again once
   * the rendered file is stored: a player who deleted their profile or hid it while the image
   * was being drawn changed what it may show, and their clean-up (events.ts) may have run before
   * the file existed; a file that no longer matches the game goes at once. `admit` runs before
   * this call starts drawing (not for a cached image, nor one another call is drawing already)
   * and may throw to refuse it (the route's per-client limit); MatchImagesBusy when no drawing
   * slot is free and the queue is full.
   */
  async get(
    match: Match,
    language: MatchShareLanguage = 'de',
    current: () => Promise<Match | null> = async () => match,
    admit: () => Promise<void> = async () => undefined,
  ): Promise<MatchImage> {
    const key = this.keyOf(match, language);
    const file = path.join(gameDirOf(this.dir, match.id), `${key}.png`);
    const etag = `"${key}"`;
    try {
      return { data: await fs.readFile(file), etag, cached: true };
    } catch {
      // not rendered yet
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      await admit();
      // Another call may have started it while this one was admitted.
      pending = this.inFlight.get(key);
    }
    if (!pending) {
      pending = this.draw(() => renderMatchImage(match, language))
        .then(async (data) => {
          try {
            await this.store(match.id, language, file, data);
          } catch {
            // The cache could not be written (disk full, DATA_DIR not writable): the image is
            // drawn all the same, so serve it, uncached, and draw it again the next time.
            return data;
          }
          const now = await current();
          if (!now || this.keyOf(now, language) !== key) await fs.rm(file, { force: true });
          return data;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return { data: await pending, etag, cached: false };
  }

  /**
   * Removes every cached image that no longer shows its game as it is now, and temp files a
   * crash left. The clean-ups after a deletion or a visibility change run once their transaction
   * committed; a process that died in between left the old image (with the name) on disk. Run
   * at start (`current` reads a game's public view; null when it is gone or voided). Returns how
   * many files went.
   */
  async sweep(current: (gameId: string) => Promise<Match | null>): Promise<number> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(this.dir, { withFileTypes: true });
    } catch {
      return 0; // no image made yet
    }
    let removed = 0;
    // Files beside the game folders are images of the layout before folders (version 3 and
    // older): never served again.
    const loose = entries.filter((entry) => !entry.isDirectory());
    await Promise.all(
      loose.map((entry) => fs.rm(path.join(this.dir, entry.name), { force: true })),
    );
    removed += loose.length;
    for (const folder of entries.filter((entry) => entry.isDirectory())) {
      const gameDir = path.join(this.dir, folder.name);
      const names = await fs.readdir(gameDir).catch(() => [] as string[]);
      // A temp file younger than a minute may be a render of another process, about to be renamed.
      const leftovers = await Promise.all(
        names
          .filter((name) => name.endsWith('.tmp'))
          .map(async (name) => {
            const stat = await fs.stat(path.join(gameDir, name)).catch(() => null);
            return stat && Date.now() - stat.mtimeMs > 60_000 ? [name] : [];
          }),
      );
      const images = names.filter((name) => name.endsWith('.png'));
      const match = images.length > 0 ? await current(folder.name) : null;
      const kept = new Set(
        match ? MATCH_SHARE_LANGUAGES.map((lang) => `${this.keyOf(match, lang)}.png`) : [],
      );
      const stale = [...leftovers.flat(), ...images.filter((name) => !kept.has(name))];
      await Promise.all(stale.map((name) => fs.rm(path.join(gameDir, name), { force: true })));
      removed += stale.length;
      // An emptied folder goes too (a folder another process is writing into right now is
      // not empty, or is made again by its store).
      if (stale.length === names.length) await fs.rmdir(gameDir).catch(() => undefined);
    }
    return removed;
  }

  /**
   * Atomic write (temp file, then rename); older images of the same game in the same language
   * go (and any of an older layout version), not the other language's current one.
   */
  private async store(
    gameId: string,
    language: MatchShareLanguage,
    file: string,
    data: Buffer,
  ): Promise<void> {
    const gameDir = gameDirOf(this.dir, gameId);
    await fs.mkdir(gameDir, { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    } catch (error) {
      // A part-written temp file would hold the space a full disk needs back.
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
    const names = await fs.readdir(gameDir);
    const current = `${gameId}-v${MATCH_IMAGE_VERSION}-`;
    const stale = names.filter(
      (name) =>
        name.startsWith(`${gameId}-`) &&
        name.endsWith('.png') &&
        name !== path.basename(file) &&
        (name.startsWith(prefixOf(gameId, language)) || !name.startsWith(current)),
    );
    await Promise.all(stale.map((name) => fs.rm(path.join(gameDir, name), { force: true })));
  }
}
