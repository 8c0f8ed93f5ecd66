import { describe, expect, it } from 'vitest';
import { IngestQueue, type Settled } from './ingest-queue';

/** A job: its name, and the keys (device, players) it must not share with its batch. */
interface Job {
  name: string;
  keys: string[];
}

/**
 * A queue whose store records each batch it is given and answers when `release()` is called,
 * so a test can fill the queue while the first batches are held.
 */
function heldQueue(concurrency: number, batch: number) {
  const batches: string[][] = [];
  const releases: Array<() => void> = [];
  let inFlight = 0;
  let most = 0;
  const queue = new IngestQueue<Job, string>(concurrency, batch, async (jobs) => {
    batches.push(jobs.map((j) => j.name));
    most = Math.max(most, ++inFlight);
    await new Promise<void>((resolve) => releases.push(resolve));
    inFlight--;
    return jobs.map((j): Settled<string> => ({ ok: true, value: `stored ${j.name}` }));
  });
  const submit = (name: string, ...keys: string[]) => queue.submit({ name, keys }, keys, 'bus');
  const releaseAll = async () => {
    // Each released batch lets the queue start the next; release until nothing is held.
    for (let round = 0; round < 20; round++) {
      const held = releases.splice(0);
      if (held.length === 0 && queue.pending === 0) return;
      for (const release of held) release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { queue, batches, submit, releaseAll, most: () => most };
}

describe('the ingest queue', () => {
  it('stores the reports waiting beside each other in one batch, up to the batch size', async () => {
    const q = heldQueue(1, 3);
    const answers = [
      q.submit('a', 'dev-1', 'anna'),
      q.submit('b', 'dev-2', 'ben'),
      q.submit('c', 'dev-3', 'cem'),
      q.submit('d', 'dev-4', 'dana'),
      q.submit('e', 'dev-5', 'eli'),
    ];
    // The first started alone (nothing else waited); the others wait, without a transaction.
    expect(q.batches).toEqual([['a']]);
    expect(q.queue.pending).toBe(4);
    await q.releaseAll();
    expect(await Promise.all(answers)).toEqual([
      'stored a',
      'stored b',
      'stored c',
      'stored d',
      'stored e',
    ]);
    expect(q.batches).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    expect(q.most()).toBe(1);
    expect(q.queue.pending).toBe(0);
  });

  it("keeps a device's reports and a player's in order, in separate batches", async () => {
    const q = heldQueue(1, 8);
    const answers = [
      q.submit('first', 'dev-0', 'zoe'),
      // Waiting together: b and c share dev-1; d shares anna with b; e shares nothing.
      q.submit('b', 'dev-1', 'anna'),
      q.submit('c', 'dev-1', 'ben'),
      q.submit('d', 'dev-2', 'anna'),
      q.submit('e', 'dev-3', 'cem'),
      // f shares nothing with b, but dev-1 with c, which waits: f must not pass c.
      q.submit('f', 'dev-4', 'ben'),
    ];
    await q.releaseAll();
    await Promise.all(answers);
    expect(q.batches).toEqual([['first'], ['b', 'e'], ['c', 'd'], ['f']]);
  });

  it('runs at most `concurrency` batches at once', async () => {
    const q = heldQueue(2, 1);
    const answers = ['a', 'b', 'c', 'd'].map((name, i) => q.submit(name, `dev-${i}`));
    expect(q.batches).toEqual([['a'], ['b']]);
    await q.releaseAll();
    await Promise.all(answers);
    expect(q.most()).toBe(2);
    expect(q.batches).toEqual([['a'], ['b'], ['c'], ['d']]);
  });

  it("answers each report with its own outcome, and every one with a store's error", async () => {
    let fail = false;
    const queue = new IngestQueue<Job, string>(1, 8, async (jobs) => {
      if (fail) throw new Error('database gone');
      return jobs.map((j): Settled<string> =>
        j.name === 'bad' ? { ok: false, error: new Error('refused') } : { ok: true, value: j.name },
      );
    });
    const submit = (name: string, key: string) => queue.submit({ name, keys: [key] }, [key], 'bus');
    const settled = await Promise.allSettled([submit('good', 'dev-1'), submit('bad', 'dev-2')]);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)))).toEqual([
      'good',
      'Error: refused',
    ]);
    fail = true;
    await expect(submit('late', 'dev-3')).rejects.toThrow('database gone');
    expect(queue.pending).toBe(0);
  });

  it('batches only reports of the same group (event bus)', async () => {
    const batches: string[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue = new IngestQueue<Job, string>(1, 8, async (jobs) => {
      batches.push(jobs.map((j) => j.name));
      if (batches.length === 1) await held;
      return jobs.map((j): Settled<string> => ({ ok: true, value: j.name }));
    });
    const answers = [
      queue.submit({ name: 'a', keys: ['dev-1'] }, ['dev-1'], 'bus-1'),
      queue.submit({ name: 'b', keys: ['dev-2'] }, ['dev-2'], 'bus-1'),
      queue.submit({ name: 'c', keys: ['dev-3'] }, ['dev-3'], 'bus-2'),
      queue.submit({ name: 'd', keys: ['dev-4'] }, ['dev-4'], 'bus-1'),
    ];
    release();
    await Promise.all(answers);
    expect(batches).toEqual([['a'], ['b', 'd'], ['c']]);
  });
});
