import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  RichTextBlock,
  RichTextDocument,
  RichTextInline,
  RichTextText,
} from '@arcadia/contracts';

/**
 * Renders the news' rich-text document (the content service's JSON): paragraphs, headings
 * (one level below the page title), lists, quotes, rules; bold, italic, underline, code; links
 * (our own paths in the app, others in a new tab). Only text nodes become text: no HTML.
 */
export function RichText({ document }: { document: RichTextDocument }) {
  // The document's top heading level becomes h2, so headings never skip a level under the
  // title (an article written with heading-2 and heading-3 shows h2 and h3).
  const levels = document.content
    .filter((node) => node.nodeType.startsWith('heading-'))
    .map((node) => Number(node.nodeType.slice(-1)));
  const shift = levels.length > 0 ? 2 - Math.min(...levels) : 1;
  return (
    <div className="flex flex-col gap-4 text-lg leading-relaxed text-ink">
      {document.content.map((node, key) => block(node, key, shift))}
    </div>
  );
}

function text(node: RichTextText, key: number): ReactNode {
  let out: ReactNode = node.value;
  for (const mark of node.marks) {
    switch (mark.type) {
      case 'bold':
        out = <strong className="font-bold text-ink">{out}</strong>;
        break;
      case 'italic':
        out = <em>{out}</em>;
        break;
      case 'underline':
        out = <u>{out}</u>;
        break;
      case 'code':
        out = (
          <code className="rounded bg-night-950 px-1.5 py-0.5 font-mono text-base text-neon-cyan-soft">
            {out}
          </code>
        );
        break;
    }
  }
  return <span key={key}>{out}</span>;
}

const linkClasses =
  'font-semibold text-neon-cyan-soft underline decoration-neon-cyan/50 underline-offset-4 hover:decoration-neon-cyan';

function inline(node: RichTextInline, key: number): ReactNode {
  if (node.nodeType === 'text') return text(node, key);
  const children = node.content.map(text);
  const uri = node.data.uri;
  if (uri.startsWith('/') && !uri.startsWith('//'))
    return (
      <Link key={key} to={uri} className={linkClasses}>
        {children}
      </Link>
    );
  const external = /^https?:/i.test(uri);
  return (
    <a
      key={key}
      href={uri}
      className={linkClasses}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}

const headingClasses: Record<string, string> = {
  h2: 'mt-4 font-display text-2xl font-bold text-neon-pink-soft',
  h3: 'mt-3 font-display text-xl font-bold text-neon-cyan-soft',
  h4: 'mt-2 text-lg font-bold',
  h5: 'font-bold',
  h6: 'font-bold',
};

function block(node: RichTextBlock, key: number, shift = 1): ReactNode {
  switch (node.nodeType) {
    case 'paragraph':
      return <p key={key}>{node.content.map(inline)}</p>;
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
    case 'heading-4':
    case 'heading-5':
    case 'heading-6': {
      // The article title is the page's h1: document headings start at h2.
      const level = Math.max(2, Math.min(6, Number(node.nodeType.slice(-1)) + shift));
      const Tag = `h${level}` as 'h2';
      return (
        <Tag key={key} className={headingClasses[Tag]}>
          {node.content.map(inline)}
        </Tag>
      );
    }
    case 'unordered-list':
    case 'ordered-list': {
      const List = node.nodeType === 'ordered-list' ? 'ol' : 'ul';
      return (
        <List
          key={key}
          className={
            List === 'ol'
              ? 'list-decimal space-y-2 pl-6 marker:font-bold marker:text-neon-cyan'
              : 'list-disc space-y-2 pl-6 marker:text-neon-pink'
          }
        >
          {node.content.map((item, i) => (
            <li key={i}>
              {item.content.map((p, j) => (
                <p key={j}>{p.content.map(inline)}</p>
              ))}
            </li>
          ))}
        </List>
      );
    }
    case 'blockquote':
      return (
        <blockquote key={key} className="border-l-4 border-neon-pink pl-4 text-ink-muted italic">
          {node.content.map((p, i) => (
            <p key={i}>{p.content.map(inline)}</p>
          ))}
        </blockquote>
      );
    case 'hr':
      return <hr key={key} className="my-2 border-line" />;
  }
}
