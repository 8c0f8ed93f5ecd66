import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrationFiles } from './journal';

/**
 * A migration that a database has run is never run again: changing its file changes nothing
 * there, only fresh databases get the new text, and the two drift apart. So a committed
 * migration never changes; a change goes into a new migration. Two records say what a
 * migration's text is:
 * - meta/_checksums.json, the sha256 of each migration, written when the migration is written
 *   (`npm run db:generate`, `npm run db:functions`) and never changed once it is committed;
 * - git: the file as the commit that added it had it.
 */

/**
 * Migrations edited in place after their first commit, before this check existed. Their text
 * today is what every database built since has run, so it is their canonical text: the git
 * comparison uses the commit named here instead of the one that added the file.
 * - 0006 was committed as drizzle-kit's empty custom template, then filled in (3359daa).
 * - 0010 and 0011 were rewritten in the review 14d3c45 so that each function of that session
 *   was defined once (0010 had carried the rank triggers and the ingest function too).
 * The checksums in meta/_checksums.json record this same text.
 */
const EDITED_BEFORE_THE_CHECK: Readonly<Record<string, string>> = {
  '0006_arcade_roster_notify_explicit.sql': '3359daa7a294482d17aeee27c42dd0c3f30bffd7',
  '0010_history_from_index.sql': '14d3c45029c56366cd74357aaf689624d11346c5',
  '0011_ingest_single_statement.sql': '14d3c45029c56366cd74357aaf689624d11346c5',
};

const manifestPath = (dir: string) => path.join(dir, 'meta', '_checksums.json');

/** Line endings do not count (a checkout on Windows may convert them). */
const normalized = (text: string) => text.replace(/\r\n/g, '\n');
const checksum = (text: string) => createHash('sha256').update(normalized(text)).digest('hex');

function readManifest(dir: string): Record<string, string> {
  const file = manifestPath(dir);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
}

function git(dir: string, args: string[]): string | undefined {
  const res = spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
  return res.status === 0 ? res.stdout : undefined;
}

/** Whether `dir` lies in a git work tree whose history we can read. */
export function hasGitHistory(dir: string): boolean {
  return git(dir, ['rev-parse', '--is-inside-work-tree'])?.trim() === 'true';
}

/** The commit that first added the file, or undefined when git never saw it. */
function firstCommit(dir: string, file: string): string | undefined {
  const out = git(dir, ['log', '--diff-filter=A', '--format=%H', '--', file]);
  return out?.trim().split('\n').filter(Boolean).at(-1);
}

/** The file's text at a commit, or undefined when the commit or the file is not there. */
function textAt(dir: string, commit: string, file: string): string | undefined {
  return git(dir, ['show', `${commit}:./${file}`]);
}

/**
 * Records the checksum of each migration that has none yet, and refreshes those of migrations
 * git has not seen committed (written and edited before their first commit). A committed
 * migration's checksum is never changed. Answers what it recorded.
 */
export function recordChecksums(dir: string): string[] {
  const manifest = readManifest(dir);
  const gitKnown = hasGitHistory(dir);
  const recorded: string[] = [];
  const next: Record<string, string> = {};
  for (const file of migrationFiles(dir)) {
    const sum = checksum(fs.readFileSync(path.join(dir, file), 'utf8'));
    const old = manifest[file];
    const uncommitted = gitKnown && firstCommit(dir, file) === undefined;
    if (old === undefined || (old !== sum && uncommitted)) recorded.push(file);
    next[file] = old === undefined || uncommitted ? sum : old;
  }
  if (JSON.stringify(next) !== JSON.stringify(manifest)) {
    fs.writeFileSync(manifestPath(dir), `${JSON.stringify(next, null, 2)}\n`);
  }
  return recorded;
}

export interface CommittedCheck {
  problems: string[];
  notes: string[];
}

/** Fails for each migration whose text is not the one recorded or committed. */
export function checkCommittedMigrations(dir: string): CommittedCheck {
  const problems: string[] = [];
  const notes: string[] = [];
  const journaled = migrationFiles(dir);
  const onDisk = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
  for (const file of onDisk.filter((f) => !journaled.includes(f))) {
    problems.push(`${file} is not in meta/_journal.json: the migrator would never run it.`);
  }
  const manifest = readManifest(dir);
  const gitKnown = hasGitHistory(dir);
  const prefix = gitKnown ? (git(dir, ['rev-parse', '--show-prefix'])?.trim() ?? '') : '';
  if (!gitKnown)
    notes.push('no git history here: migrations checked against meta/_checksums.json only');
  for (const file of journaled) {
    const full = path.join(dir, file);
    if (!fs.existsSync(full)) {
      problems.push(`${file} is in meta/_journal.json but the file is missing.`);
      continue;
    }
    const text = fs.readFileSync(full, 'utf8');
    const added = gitKnown ? firstCommit(dir, file) : undefined;
    const recorded = manifest[file];
    if (recorded === undefined) {
      problems.push(
        `${file} has no checksum in meta/_checksums.json: record it with ` +
          '`npm run db:functions` (or write migrations with `npm run db:generate`).',
      );
    } else if (recorded !== checksum(text)) {
      problems.push(
        gitKnown && added === undefined
          ? `${file} changed since its checksum was recorded; it is not committed yet, so ` +
              'record it again with `npm run db:functions`.'
          : `${file} changed after it was committed (its sha256 is not the one in ` +
              'meta/_checksums.json). A committed migration must never change: databases that ' +
              'ran it keep the old text. Restore it and put the change in a new migration.',
      );
    }
    if (!added) continue;
    const canonical = EDITED_BEFORE_THE_CHECK[file] ?? added;
    const committed = textAt(dir, canonical, file);
    if (committed === undefined) {
      notes.push(`${file}: commit ${canonical.slice(0, 9)} not in this history, git part skipped`);
    } else if (normalized(committed) !== normalized(text)) {
      problems.push(
        `${file} differs from the text committed in ${canonical.slice(0, 9)}. A committed ` +
          'migration must never change: restore it with ' +
          `\`git checkout ${canonical.slice(0, 9)} -- ${prefix}${file}\` (from the repository's ` +
          'root) and put the change in a new migration.',
      );
    }
  }
  return { problems, notes };
}
