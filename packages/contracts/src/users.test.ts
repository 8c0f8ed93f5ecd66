import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthdaySchema,
  needsParentConsent,
  ownProfileSchema,
  profileUpdateSchema,
  profileSchema,
  registrationSchema,
  searchQuerySchema,
  searchResultSchema,
  usernameSchema,
} from './users';
import { emptyStatistics } from './statistics';

const valid = { username: 'Neo', mail: 'neo@example.com', agb: true, marketingConsent: false };
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The paths of the issues of a refused value. */
function refusedAt(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  expect(result.success, JSON.stringify(value)).toBe(false);
  return (result.error as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues;
}

describe('usernameSchema (spec §5, §9: 3 to 12 characters)', () => {
  it.each([
    'abc',
    'abcdefghijkl',
    'Neo_1',
    'a.b-c',
    'Jürgen',
    'Łukasz',
    'İlker',
    '東京タワー',
    'ラーメン',
    '佐々木',
    'ゝゞヽヾ',
    'Νίκος',
    '123',
    'Дмитрий',
    '김철수',
    'Nguyễn',
    'Neo名前',
    'محمد',
  ])('accepts %s', (name) => {
    expect(usernameSchema.parse(name)).toBe(name);
  });

  it('trims surrounding spaces before counting', () => {
    expect(usernameSchema.parse('  Neo  ')).toBe('Neo');
    expect(usernameSchema.safeParse('  ab  ').success).toBe(false);
  });

  it.each([
    ['too short', 'ab', /at least 3/],
    ['too long', 'abcdefghijklm', /at most 12/],
    ['empty', '', /at least 3/],
    ['a space inside', 'Neo One', /letters, digits/],
    ['markup', '<i>x</i>', /letters, digits/],
    ['an @', 'neo@x', /letters, digits/],
    ['an emoji', 'neo🙂x', /letters, digits/],
    ['a control character', 'neo\u0000x', /letters, digits/],
    // Invisible "letters" (default-ignorable code points): a look-alike of 'alice', or blank.
    ['a Hangul filler after it', 'alice\u3164', /letters, digits/],
    ['Hangul fillers only', '\u3164\u3164\u3164', /letters, digits/],
    ['halfwidth fillers only', '\uffa0\uffa0\uffa0\uffa0', /letters, digits/],
    ['choseong and jungseong fillers', '\u115f\u1160alice', /letters, digits/],
    ['a soft hyphen', 'al\u00adice', /letters, digits/],
    ['a zero-width space', 'ali\u200bce', /letters, digits/],
    // Odd letters and numbers that pass for others (a security review's names).
    ['an Arabic tatweel stretching it', 'Ne\u0640on', /letters, digits/],
    ['a modifier apostrophe', 'O\u02bcNeil', /letters, digits/],
    ['a superscript modifier letter', 'Neo\u02b0', /letters, digits/],
    ['a Roman numeral one', '\u2160carus', /letters, digits/],
    ['a superscript two', 'Neo\u00b2', /letters, digits/],
    ['a circled one', '\u2460Nova', /letters, digits/],
    // Letters of two scripts, or uncommon ones (UTS #39, highly restrictive).
    ['a Cyrillic е among Latin letters', 'N\u0435onNova', /one script/],
    ['a Greek Nu among Latin letters', '\u039DeonNova', /one script/],
    ['a Tai Le letter (a limited-use script)', 'NeonNov\u1972', /one script/],
    ['an N with descender (Latin Extended-D)', '\uA790eonNova', /one script/],
    ['small capitals', '\u0274\u1D07\u1D0F', /one script/],
    ['fullwidth letters', '\uFF2EeonNova', /one script/],
    ['dots only', '...', /a letter or a digit/],
    ['dashes and underscores only', '-_-_', /a letter or a digit/],
    ["the hidden player's label", 'Spieler', /reserved/],
    ['the English one', 'PLAYER', /reserved/],
    ["a guest's", 'gast', /reserved/],
  ])('refuses a name with %s', (_, name, message) => {
    const issues = refusedAt(usernameSchema, name);
    expect(issues.map((i) => i.message).join(' ')).toMatch(message);
  });
});

describe('birthdaySchema', () => {
  it('accepts a past date, today, and a leap day', () => {
    for (const day of ['1990-05-17', isoDay(0), '2000-02-29']) {
      expect(birthdaySchema.parse(day)).toBe(day);
    }
  });

  it('refuses a date in the future', () => {
    expect(refusedAt(birthdaySchema, isoDay(1))).toEqual([
      expect.objectContaining({ message: 'birthday must not be in the future' }),
    ]);
  });

  it.each(['2001-02-29', '2000-13-01', '2000-00-10', '17.05.1990', '1990-5-17', 'yesterday', ''])(
    'refuses %j with one message',
    (value) => {
      expect(refusedAt(birthdaySchema, value)).toEqual([
        expect.objectContaining({ message: 'birthday must be a date (yyyy-mm-dd)' }),
      ]);
    },
  );
});

describe('registrationSchema (spec §3, §5)', () => {
  it('accepts the form with only the required fields and fills the optional ones', () => {
    expect(
      registrationSchema.parse({ username: 'Neo', mail: 'neo@example.com', agb: true }),
    ).toEqual({
      username: 'Neo',
      mail: 'neo@example.com',
      agb: true,
      marketingConsent: false,
    });
  });

  it('takes empty or null optional fields as not given', () => {
    const parsed = registrationSchema.parse({ ...valid, birthday: '', instagram: '' });
    expect(parsed.birthday).toBeUndefined();
    expect(parsed.instagram).toBeUndefined();
    const nulls = registrationSchema.parse({ ...valid, birthday: null, instagram: null });
    expect(nulls.birthday).toBeUndefined();
    expect(nulls.instagram).toBeUndefined();
  });

  it('keeps a full form as given', () => {
    const full = { ...valid, birthday: '1990-05-17', instagram: 'neo.one', marketingConsent: true };
    expect(registrationSchema.parse(full)).toEqual(full);
  });

  it.each([
    ['username', { ...valid, username: 'ab' }],
    ['mail', { ...valid, mail: 'neo' }],
    ['mail', { ...valid, mail: undefined }],
    ['mail', { ...valid, mail: `${'a'.repeat(250)}@example.com` }],
    // One line only: a line of its own in a backup's SQL could be one pg_dump drops.
    ['instagram', { ...valid, instagram: 'me\n\\restrict x' }],
    ['instagram', { ...valid, instagram: 'me\rx' }],
    ['instagram', { ...valid, instagram: 'me\u2028x' }],
    ['agb', { ...valid, agb: false }],
    ['agb', { ...valid, agb: undefined }],
    ['agb', { ...valid, agb: 'true' }],
    ['birthday', { ...valid, birthday: isoDay(2) }],
    ['birthday', { ...valid, birthday: 19900517 }],
    ['instagram', { ...valid, instagram: 'x'.repeat(31) }],
    ['instagram', { ...valid, instagram: 7 }],
    ['marketingConsent', { ...valid, marketingConsent: 'yes' }],
    ['marketingConsent', { ...valid, marketingConsent: null }],
  ])('refuses a bad %s, naming it', (field, body) => {
    expect(refusedAt(registrationSchema, body).map((i) => i.path.join('.'))).toEqual([field]);
  });

  it('requires agb with a clear message', () => {
    expect(refusedAt(registrationSchema, { ...valid, agb: false })[0]?.message).toBe(
      'agb must be accepted',
    );
  });
});

describe('searchQuerySchema (spec §5: at least 3 characters)', () => {
  it('accepts 3 characters and trims', () => {
    expect(searchQuerySchema.parse({ searchterm: ' neo ' })).toEqual({ searchterm: 'neo' });
  });
  it.each(['', 'ab', '  ab  ', 'x'.repeat(65)])('refuses %j', (searchterm) => {
    expect(refusedAt(searchQuerySchema, { searchterm }).map((i) => i.path.join('.'))).toEqual([
      'searchterm',
    ]);
  });
});

describe('answer shapes (spec §3)', () => {
  const profile = {
    id: '0b8f6c9e-4b1a-4d0e-9d7a-2f1e3c4b5a69',
    userName: 'Neo',
    name: 'Neo',
    earlyAdopter: false,
    matchHistory: [],
    userStatistics: emptyStatistics,
  };

  it('a public profile carries no personal field, even when handed one', () => {
    const parsed = profileSchema.parse({
      ...profile,
      mail: 'neo@example.com',
      birthday: '1990-01-01',
    });
    expect(Object.keys(parsed).sort()).toEqual(
      ['earlyAdopter', 'id', 'matchHistory', 'name', 'userName', 'userStatistics'].sort(),
    );
  });

  it('the own profile adds the personal fields', () => {
    const own = {
      ...profile,
      mail: 'neo@example.com',
      birthday: null,
      instagram: null,
      marketingConsent: false,
      marketingPending: false,
      marketingAwaitsParent: null,
      mailVerified: false,
      language: 'de',
      agbVersion: 1,
      profileVisibility: 'everyone',
      leaderboardVisible: true,
    };
    expect(ownProfileSchema.parse(own)).toEqual(own);
    expect(ownProfileSchema.safeParse(profile).success).toBe(false);
  });

  it('search results are under data with id and name only', () => {
    const parsed = searchResultSchema.parse({
      data: [{ id: profile.id, name: 'Neo', mail: 'neo@example.com' }],
    });
    expect(parsed).toEqual({ data: [{ id: profile.id, name: 'Neo' }] });
    expect(searchResultSchema.safeParse([{ id: profile.id, name: 'Neo' }]).success).toBe(false);
  });
});

describe('minors: the birthday decides (issue 17)', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2010-06-15', '2026-06-14')).toBe(15);
    expect(ageOn('2010-06-15', '2026-06-15')).toBe(16);
    expect(ageOn('2008-02-29', '2024-02-28')).toBe(15);
    expect(ageOn('2008-02-29', '2024-02-29')).toBe(16);
  });

  it('needs a parent under 16 only, and never without a birthday', () => {
    expect(needsParentConsent('2010-06-15', '2026-06-14')).toBe(true);
    expect(needsParentConsent('2010-06-15', '2026-06-15')).toBe(false);
    expect(needsParentConsent(null)).toBe(false);
    expect(needsParentConsent(undefined)).toBe(false);
  });

  const young = { ...valid, birthday: isoDay(-14 * 365), marketingConsent: true };

  it('registration under 16 with marketing needs a parent address that is not the own', () => {
    expect(refusedAt(registrationSchema, young)).toEqual([
      expect.objectContaining({ path: ['parentMail'] }),
    ]);
    expect(refusedAt(registrationSchema, { ...young, parentMail: 'NEO@example.com' })).toEqual([
      expect.objectContaining({ path: ['parentMail'] }),
    ]);
    expect(refusedAt(registrationSchema, { ...young, parentMail: 'mum' })).toEqual([
      expect.objectContaining({ path: ['parentMail'] }),
    ]);
    expect(registrationSchema.parse({ ...young, parentMail: 'Mum@Example.com' }).parentMail).toBe(
      'mum@example.com',
    );
    // Without marketing, or 16 and over, no parent is asked.
    expect(registrationSchema.safeParse({ ...young, marketingConsent: false }).success).toBe(true);
    expect(registrationSchema.safeParse({ ...young, birthday: isoDay(-17 * 366) }).success).toBe(
      true,
    );
  });

  it('the settings take parentMail only with marketingConsent true', () => {
    expect(profileUpdateSchema.parse({ marketingConsent: true, parentMail: 'Mum@x.de' })).toEqual({
      marketingConsent: true,
      parentMail: 'mum@x.de',
    });
    expect(refusedAt(profileUpdateSchema, { parentMail: 'mum@x.de' })).toEqual([
      expect.objectContaining({ path: ['parentMail'] }),
    ]);
    expect(refusedAt(profileUpdateSchema, { marketingConsent: true, parentMail: 'x' })).toEqual([
      expect.objectContaining({ path: ['parentMail'] }),
    ]);
  });
});
