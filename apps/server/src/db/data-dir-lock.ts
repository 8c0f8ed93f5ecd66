import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Who holds a PGlite data directory: written into the lock file. */
interface Holder {
  pid: number;
  host: string;
  since: string;
  command: string;
  /** The kernel's boot id (Linux): a lock written before a reboot is stale whatever its pid. */
  boot?: string | undefined;
  /** The holder's start time in clock ticks since boot (Linux /proc): tells a reused pid. */
  started?: string | undefined;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly holder: Holder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Arcadia process ` +
        `(pid ${holder.pid} on ${holder.host}, "${holder.command}", since ${holder.since}). ` +
        'PGlite can be opened by one process at a time: stop that process first, or make the ' +
        'change through the running server. Several processes can share a PostgreSQL database ' +
        `(DATABASE_URL). If no such process runs any more (the lock came from another machine ` +
        `or an earlier container), remove ${dataDir}.lock.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Directories this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process stays in the table as a zombie until its parent reaps it, and a signal to
  // it still succeeds: a restart right after `kill -9` was refused as "in use" for up to a
  // second where the parent (init) reaps slowly. A zombie holds no files.
  return stateOf(pid) !== 'Z';
}

/**
 * Field `n` (1-based, as in proc(5)) of /proc/<pid>/stat, for n ≥ 3; undefined where it cannot be
 * read. The command name (field 2) is in parentheses and may hold spaces: count after its end.
 */
function statField(pid: number, n: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 3];
  } catch {
    return undefined;
  }
}

/** A process's state letter (R, S, D, Z, …). */
const stateOf = (pid: number) => statField(pid, 3);

/** The kernel's boot id, or undefined where there is none (not Linux). */
function bootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** A process's start time in clock ticks since boot. */
const startTimeOf = (pid: number) => statField(pid, 22);

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

/**
 * A holder that can no longer be using the directory: its process is gone, it carries our own
 * pid (a container restarted: the server is pid 1 again, but this process has not taken the lock
 * yet), the machine booted since it was written, or its pid now names another process (a pid
 * reused after a reboot or a restart: its start time differs). A holder on another host cannot be
 * checked, so it counts as live (the error says how to clear it).
 */
function stale(holder: Holder | undefined): boolean {
  if (!holder || typeof holder.pid !== 'number') return true;
  if (holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid || !alive(holder.pid)) return true;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return true;
  const started = startTimeOf(holder.pid);
  return Boolean(holder.started && started && holder.started !== started);
}

/** Waits `ms` without returning to the event loop (the lock is taken before anything runs). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes a stale lock file, one process at a time: under `<lock>.takeover` (taken by link(),
 * as the lock), the lock is read again and removed only while still stale. Only a takeover
 * holder removes a lock file, so what it read is what it removes: moving a lock aside to look
 * at it instead let a third process's live lock be overwritten when the second put the moved
 * one back. False when another process is taking over (the caller tries the lock again).
 */
function removeStaleLock(file: string, mine: string, dataDir: string): boolean {
  const guard = `${file}.takeover`;
  try {
    fs.linkSync(mine, guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Held for a few system calls; one left by a process that died in them is stale. (Two
    // processes removing the same stale one at once could still meet: that needs a crash inside
    // those calls and two more starting at that moment.)
    const other = readHolder(guard);
    if (other && stale(other)) fs.rmSync(guard, { force: true });
    return false;
  }
  try {
    const current = readHolder(file);
    if (current && !stale(current)) throw new DataDirLockedError(dataDir, current);
    fs.rmSync(file, { force: true });
    return true;
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/**
 * Takes the lock file `<dataDir>.lock` for this process, the way PostgreSQL's postmaster.pid
 * works: created exclusively, naming the holder's pid; a lock left by a process that died
 * (kill -9, power loss) is taken over at once. Throws DataDirLockedError while another live
 * process holds it. Returns the release function (also run at process exit).
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, readHolder(file)!);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me: Holder = {
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    command: process.argv
      .slice(1)
      .map((a) => path.basename(a))
      .join(' '),
    boot: bootId(),
    started: startTimeOf(process.pid),
  };
  const mine = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(mine, JSON.stringify(me), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        // link() is atomic and fails when the name exists: exactly one process wins.
        fs.linkSync(mine, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 50) throw error;
      }
      const holder = readHolder(file);
      if (!stale(holder)) throw new DataDirLockedError(dataDir, holder!);
      if (!removeStaleLock(file, mine, dataDir)) pause(5);
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    process.removeListener('exit', release);
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
