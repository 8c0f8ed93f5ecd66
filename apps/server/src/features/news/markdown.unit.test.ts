import { describe, expect, it } from 'vitest';
import { richTextDocumentSchema, type RichTextDocument } from '@arcadia/contracts';
import { markdownFromRichText, richTextFromMarkdown } from './markdown';

const t = (value: string, ...marks: string[]) => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
/** The inline nodes of a one-paragraph document. */
const inline = (source: string) => {
  const [first] = richTextFromMarkdown(source).content;
  return first && 'content' in first ? first.content : [];
};

describe('richTextFromMarkdown (CommonMark)', () => {
  it('makes headings, paragraphs, lists, quotes and rules, valid by the contract', () => {
    const doc = richTextFromMarkdown(
      [
        '# Eins',
        '## Zwei',
        'Ein Absatz',
        'über zwei Zeilen.',
        '',
        '- a',
        '- b',
        '  weiter',
        '',
        '1. erstens',
        '2. zweitens',
        '',
        '> Zitat',
        '',
        '---',
        '',
        'Ende',
      ].join('\n'),
    );
    expect(richTextDocumentSchema.parse(doc)).toEqual(doc);
    expect(doc.content.map((b) => b.nodeType)).toEqual([
      'heading-1',
      'heading-2',
      'paragraph',
      'unordered-list',
      'ordered-list',
      'blockquote',
      'hr',
      'paragraph',
    ]);
    expect(doc.content[2]).toMatchObject({ content: [t('Ein Absatz über zwei Zeilen.')] });
    const list = doc.content[3] as { content: Array<{ content: Array<{ content: unknown[] }> }> };
    expect(list.content.map((item) => item.content[0]!.content)).toEqual([
      [t('a')],
      [t('b weiter')],
    ]);
    expect(doc.content[4]).toMatchObject({
      content: [
        { content: [{ content: [t('erstens')] }] },
        { content: [{ content: [t('zweitens')] }] },
      ],
    });
  });

  it('marks bold, italic and code, nested too; underscores inside words stay text', () => {
    expect(inline('a **b _c_** `d` *e*')).toEqual([
      t('a '),
      t('b ', 'bold'),
      t('c', 'bold', 'italic'),
      t(' '),
      t('d', 'code'),
      t(' '),
      t('e', 'italic'),
    ]);
    expect(inline('snake_case_name')).toEqual([t('snake_case_name')]);
    expect(inline('\\*kein Stern\\*')).toEqual([t('*kein Stern*')]);
  });

  it('links to the web, our own paths and mail (inline and by reference), never to scripts', () => {
    expect(inline('[**Rang**liste](/leaderboard)')).toEqual([
      {
        nodeType: 'hyperlink',
        data: { uri: '/leaderboard' },
        content: [t('Rang', 'bold'), t('liste')],
      },
    ]);
    expect(inline('[mail](mailto:a@b.de) [web][w]\n\n[w]: https://example.org/x')).toMatchObject([
      { nodeType: 'hyperlink', data: { uri: 'mailto:a@b.de' } },
      t(' '),
      { nodeType: 'hyperlink', data: { uri: 'https://example.org/x' } },
    ]);
    expect(inline('[klick](javascript:alert(1))')).toEqual([t('klick')]);
    expect(inline('[x](data:text/html,hi) <https://example.org>')).toEqual([
      t('x '),
      {
        nodeType: 'hyperlink',
        data: { uri: 'https://example.org' },
        content: [t('https://example.org')],
      },
    ]);
  });

  it('keeps what the model lacks as text: HTML, code blocks, images, nested blocks', () => {
    const doc = richTextFromMarkdown(
      [
        '<script>alert(1)</script>',
        '',
        '```',
        'npm start',
        '```',
        '',
        '![Ein Bild](https://example.org/a.png)',
        '',
        '- außen',
        '  - innen',
        '',
        '> # Titel im Zitat',
      ].join('\n'),
    );
    expect(richTextDocumentSchema.parse(doc)).toEqual(doc);
    expect(doc.content).toEqual([
      { nodeType: 'paragraph', data: {}, content: [t('<script>alert(1)</script>')] },
      { nodeType: 'paragraph', data: {}, content: [t('npm start', 'code')] },
      { nodeType: 'paragraph', data: {}, content: [t('Ein Bild')] },
      {
        nodeType: 'unordered-list',
        data: {},
        content: [
          {
            nodeType: 'list-item',
            data: {},
            content: [
              { nodeType: 'paragraph', data: {}, content: [t('außen')] },
              { nodeType: 'paragraph', data: {}, content: [t('innen')] },
            ],
          },
        ],
      },
      {
        nodeType: 'blockquote',
        data: {},
        content: [{ nodeType: 'paragraph', data: {}, content: [t('Titel im Zitat')] }],
      },
    ]);
  });

  it('gives an empty text an empty document', () => {
    expect(richTextFromMarkdown('')).toEqual({ nodeType: 'document', data: {}, content: [] });
  });
});

describe('markdownFromRichText', () => {
  it('writes Markdown that parses back to the same document', () => {
    const source = [
      '## Turnier',
      '',
      'Am **Samstag** gibt es _neue_ Maps, siehe [Rangliste](/leaderboard) und `code`.',
      '',
      '- eins',
      '- zwei',
      '',
      '1. a',
      '2. b',
      '',
      '> Zitat mit \\*Sternen\\*',
      '',
      '---',
    ].join('\n');
    const doc: RichTextDocument = richTextFromMarkdown(source);
    expect(richTextFromMarkdown(markdownFromRichText(doc))).toEqual(doc);
  });
});
