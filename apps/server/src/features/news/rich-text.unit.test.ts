import { describe, expect, it } from 'vitest';
import { richTextDocumentSchema } from '@arcadia/contracts';
import { inlineNodes, richTextFromMarkdown } from './rich-text';

const t = (value: string, ...marks: string[]) => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});

describe('richTextFromMarkdown', () => {
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
        '1. erstens',
        '2) zweitens',
        '> Zitat',
        '---',
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

  it('marks bold, italic and code, nested too', () => {
    expect(inlineNodes('a **b _c_** `d` *e*')).toEqual([
      t('a '),
      t('b ', 'bold'),
      t('c', 'bold', 'italic'),
      t(' '),
      t('d', 'code'),
      t(' '),
      t('e', 'italic'),
    ]);
    // Underscores inside words stay text.
    expect(inlineNodes('snake_case_name')).toEqual([t('snake_case_name')]);
  });

  it('links to the web, our own paths and mail, and never to scripts', () => {
    expect(inlineNodes('[**Rang**liste](/leaderboard)')).toEqual([
      {
        nodeType: 'hyperlink',
        data: { uri: '/leaderboard' },
        content: [t('Rang', 'bold'), t('liste')],
      },
    ]);
    expect(inlineNodes('[mail](mailto:a@b.de) [web](https://example.org/x)')).toMatchObject([
      { nodeType: 'hyperlink', data: { uri: 'mailto:a@b.de' } },
      t(' '),
      { nodeType: 'hyperlink', data: { uri: 'https://example.org/x' } },
    ]);
    expect(inlineNodes('[klick](javascript:alert(1))')).toEqual([t('klick)')]);
    expect(inlineNodes('[x](data:text/html,hi)')).toEqual([t('x')]);
  });

  it('gives an empty text an empty document and a paragraph at least one text node', () => {
    expect(richTextFromMarkdown('')).toEqual({ nodeType: 'document', data: {}, content: [] });
    expect(inlineNodes('')).toEqual([t('')]);
  });
});
