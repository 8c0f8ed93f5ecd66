import { describe, expect, it } from 'vitest';
import {
  imageQuerySchema,
  newsImageUrl,
  newsQuerySchema,
  newsSlugSchema,
  richTextDocumentSchema,
} from './news';

describe('news contracts (spec §3, §9)', () => {
  it('asks for the header image as jpg, progressive, quality 50, width 1000', () => {
    expect(newsImageUrl('/api/assets/x/a.jpg')).toBe(
      '/api/assets/x/a.jpg?fm=jpg&fl=progressive&q=50&w=1000',
    );
    const query = Object.fromEntries(new URLSearchParams(newsImageUrl('/a').split('?')[1]));
    expect(imageQuerySchema.parse(query)).toEqual({ fm: 'jpg', fl: 'progressive', q: 50, w: 1000 });
  });

  it.each([
    [{ fm: 'gif' }, 'fm'],
    [{ fl: 'lossy' }, 'fl'],
    [{ q: '0' }, 'q'],
    [{ q: '101' }, 'q'],
    [{ q: '1.5' }, 'q'],
    [{ w: '15' }, 'w'],
    [{ w: '2001' }, 'w'],
    [{ w: 'wide' }, 'w'],
    [{ fm: 'webp', fl: 'progressive' }, 'fl'],
  ])('refuses the image parameters %j at %s', (query, path) => {
    const result = imageQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([path]);
  });

  it('reads German by default and English on request; nothing else', () => {
    expect(newsQuerySchema.parse({})).toEqual({ locale: 'de' });
    expect(newsQuerySchema.parse({ locale: 'en' })).toEqual({ locale: 'en' });
    expect(newsQuerySchema.safeParse({ locale: 'fr' }).success).toBe(false);
  });

  it('takes slugs of lower-case words joined by single dashes', () => {
    expect(newsSlugSchema.safeParse('neue-map-2').success).toBe(true);
    for (const bad of ['Neue-Map', 'a--b', '-a', 'a-', 'ä', 'a b', 'x'.repeat(81)])
      expect(newsSlugSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('accepts a rich-text document and refuses script links', () => {
    const doc = (uri: string) => ({
      nodeType: 'document',
      data: {},
      content: [
        {
          nodeType: 'paragraph',
          data: {},
          content: [
            {
              nodeType: 'hyperlink',
              data: { uri },
              content: [{ nodeType: 'text', value: 'x', marks: [{ type: 'bold' }], data: {} }],
            },
          ],
        },
      ],
    });
    for (const uri of ['/leaderboard', 'https://example.org', 'mailto:a@b.de'])
      expect(richTextDocumentSchema.safeParse(doc(uri)).success, uri).toBe(true);
    for (const uri of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil'])
      expect(richTextDocumentSchema.safeParse(doc(uri)).success, uri).toBe(false);
  });
});
