import { asc, isNull, sql } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { Db } from './client';
import { users } from './schema';

/**
 * Latin small capitals, which the confusables table leaves alone (its prototypes are for
 * characters that look alike at one size, and `ɴᴇᴏɴɴᴏᴠᴀ` is a smaller `NEONNOVA`), and no
 * normalization form maps: each to its capital letter. A security review registered `ɴᴇᴏɴɴᴏᴠᴀ`
 * beside `NeonNova`.
 */
const SMALL_CAPITALS = [...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ'];
/** Their capitals, in the same order (Unicode has no small capital X). */
const CAPITALS = [...'ABCDEFGHIJKLMNOPQRSTUVWYZ'];
const SMALL_CAPITAL = new RegExp(`[${SMALL_CAPITALS.join('')}]`, 'gu');
const capitalOf = (c: string) => CAPITALS[SMALL_CAPITALS.indexOf(c)]!;

/**
 * UTS #39 skeleton: NFD, each character to its prototype in the confusables table, NFD. The
 * first step is NFKD, not NFD: the standard assumes compatibility-normalized input, and the
 * confusables table leaves fullwidth (２), superscript (²) and subscript (₂) digits alone; small
 * capitals become capitals first (SMALL_CAPITALS).
 */
function skeleton(text: string): string {
  const capitals = text.normalize('NFKD').replace(SMALL_CAPITAL, capitalOf);
  return unhomoglyph(capitals).normalize('NFD');
}

/**
 * The confusable skeleton of a user name (Unicode UTS #39, section 4; the confusables table comes
 * from the `unhomoglyph` package), taken case-insensitively because names are already unique
 * ignoring case: skeleton, lower case, skeleton again, lower case. So `NеonNova` (Cyrillic е),
 * `ΝeonNova` (Greek Ν), `NeonN0va` and `neonnova` all meet `NeonNova` at `neonnova`, and
 * `rnegamia` meets `MegaMia` (`m` looks like `rn`). Two names with the same skeleton look alike;
 * the unique index on users.user_name_skeleton keeps the second out. Not for display.
 */
export function usernameSkeleton(userName: string): string {
  return skeleton(skeleton(userName).toLowerCase()).toLowerCase();
}

const BATCH = 500;

/**
 * Fills user_name_skeleton where it is missing: rows written before the column existed
 * (migration 0014 adds it; its values come from this library, which SQL cannot run), and rows
 * written by hand. Runs with the migrations, under their lock. Oldest first: when two existing
 * names already look alike, the older keeps the plain skeleton (and so blocks new look-alikes of
 * both); the younger keeps its name, its skeleton stored with its id appended so that the
 * unique index holds.
 */
export async function backfillUsernameSkeletons(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(isNull(users.userNameSkeleton))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(BATCH);
    if (rows.length === 0) return done;
    await db.transaction(async (tx) => {
      const wanted = rows.map((r) => ({ id: r.id, skeleton: usernameSkeleton(r.userName) }));
      const taken = new Set(
        (
          await tx
            .select({ skeleton: users.userNameSkeleton })
            .from(users)
            .where(
              sql`${users.userNameSkeleton} in (${sql.join(
                wanted.map((w) => sql`${w.skeleton}`),
                sql`, `,
              )})`,
            )
        ).map((r) => r.skeleton),
      );
      const values = wanted.map(({ id, skeleton }) => {
        const value = taken.has(skeleton) ? `${skeleton}#${id}` : skeleton;
        taken.add(skeleton);
        return sql`(${id}::uuid, ${value})`;
      });
      await tx.execute(sql`
        update users set user_name_skeleton = v.skeleton
        from (values ${sql.join(values, sql`, `)}) as v(id, skeleton)
        where users.id = v.id`);
    });
    done += rows.length;
  }
}
