import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RichTextDocument } from '@arcadia/contracts';
import { RichText } from './RichText';

const t = (value: string, marks: Array<'bold' | 'italic' | 'underline' | 'code'> = []) => ({
  nodeType: 'text' as const,
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const p = (...content: RichTextDocument['content'][number]['content']) =>
  ({ nodeType: 'paragraph', data: {}, content }) as never;

const doc: RichTextDocument = {
  nodeType: 'document',
  data: {},
  content: [
    { nodeType: 'heading-2', data: {}, content: [t('Das kann die App')] },
    { nodeType: 'heading-3', data: {}, content: [t('Im Detail')] },
    p(t('Ab heute '), t('fett', ['bold']), t(' und '), t('schräg', ['italic'])),
    {
      nodeType: 'unordered-list',
      data: {},
      content: [
        { nodeType: 'list-item', data: {}, content: [p(t('Statistiken'))] },
        { nodeType: 'list-item', data: {}, content: [p(t('Freunde'))] },
      ],
    },
    {
      nodeType: 'ordered-list',
      data: {},
      content: [{ nodeType: 'list-item', data: {}, content: [p(t('Registrieren'))] }],
    },
    p(
      { nodeType: 'hyperlink', data: { uri: '/leaderboard' }, content: [t('Rangliste')] },
      t(' und '),
      { nodeType: 'hyperlink', data: { uri: 'https://example.org/x' }, content: [t('extern')] },
    ),
    { nodeType: 'blockquote', data: {}, content: [p(t('Zitat'))] },
    { nodeType: 'hr', data: {}, content: [] },
    p(t('<script>alert(1)</script>')),
  ],
};

describe('RichText', () => {
  it('renders headings one level below the title, marks, lists, quotes and links', () => {
    const { container } = render(
      <MemoryRouter>
        <RichText document={doc} />
      </MemoryRouter>,
    );
    // The document's top level (heading-2) is h2 under the page's h1: no level skipped.
    expect(screen.getByRole('heading', { level: 2, name: 'Das kann die App' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Im Detail' })).toBeVisible();
    expect(screen.getByText('fett').closest('strong')).not.toBeNull();
    expect(screen.getByText('schräg').closest('em')).not.toBeNull();
    const lists = screen.getAllByRole('list');
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'OL']);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Rangliste' })).toHaveAttribute('href', '/leaderboard');
    const external = screen.getByRole('link', { name: 'extern' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('blockquote')).toHaveTextContent('Zitat');
    expect(container.querySelector('hr')).not.toBeNull();
    // text stays text
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('<script>alert(1)</script>')).toBeVisible();
  });
});
