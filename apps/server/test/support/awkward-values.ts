import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { newsTranslations } from '../../src/db/schema';

/**
 * Text that a dump reader could take for script structure: lines that look like psql
 * commands, a COPY header and its terminator, quotes, dollar quotes, comment marks, a CR.
 */
export const AWKWARD_TEXT = [
  'Zeile eins\r',
  "\\i /etc/passwd -- it's not a command",
  '\\restricted',
  'COPY public.users (id) FROM stdin;',
  '\\.',
  "$$ ' \" /* E'\\' ünïcødé 🎮",
].join('\n');

/** Stores it where an editor's text goes: the English abstracts of the news. */
export async function storeAwkwardText(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(newsTranslations)
      .set({ abstract: AWKWARD_TEXT })
      .where(eq(newsTranslations.locale, 'en'));
  });
}
