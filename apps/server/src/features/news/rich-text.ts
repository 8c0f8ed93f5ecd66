import {
  safeUriSchema,
  type RichTextBlock,
  type RichTextDocument,
  type RichTextInline,
  type RichTextText,
} from '@arcadia/contracts';

/**
 * Turns the small Markdown dialect editors write (`npm run admin -- news publish --body-de ...`,
 * the demo seed) into the rich-text document the news API serves:
 *
 *   # / ## / ### heading     - item / * item (unordered list)     1. item (ordered list)
 *   > quote                  ---  (rule)                          blank line = new paragraph
 *   **bold**  *italic* / _italic_  `code`  [text](https://... | /path | mailto:...)
 *
 * Links with any other scheme stay plain text, so no script URL ever reaches a renderer.
 */
export function richTextFromMarkdown(source: string): RichTextDocument {
  const content: RichTextBlock[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let quote: string[] = [];

  const flush = () => {
    if (paragraph.length > 0) content.push(paragraphNode(paragraph.join(' ')));
    if (list) {
      content.push({
        nodeType: list.ordered ? 'ordered-list' : 'unordered-list',
        data: {},
        content: list.items.map((item) => ({
          nodeType: 'list-item',
          data: {},
          content: [paragraphNode(item)],
        })),
      });
    }
    if (quote.length > 0) {
      content.push({ nodeType: 'blockquote', data: {}, content: [paragraphNode(quote.join(' '))] });
    }
    paragraph = [];
    list = null;
    quote = [];
  };

  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    const quoted = /^>\s?(.*)$/.exec(line);
    if (heading?.[1] && heading[2] !== undefined) {
      flush();
      const level = heading[1].length as 1 | 2 | 3;
      content.push({
        nodeType: `heading-${level}`,
        data: {},
        content: inlineNodes(heading[2]),
      });
    } else if (/^(-{3,}|\*{3,})$/.test(line)) {
      flush();
      content.push({ nodeType: 'hr', data: {}, content: [] });
    } else if ((bullet?.[1] ?? numbered?.[1]) !== undefined) {
      const ordered = numbered !== null;
      if (paragraph.length > 0 || quote.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet?.[1] ?? numbered?.[1])!);
    } else if (quoted?.[1] !== undefined) {
      if (paragraph.length > 0 || list) flush();
      quote.push(quoted[1]);
    } else if (list && raw.startsWith('  ') && list.items.length > 0) {
      // An indented line continues the previous list item.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list || quote.length > 0) flush();
      paragraph.push(line);
    }
  }
  flush();
  return { nodeType: 'document', data: {}, content };
}

function paragraphNode(text: string): Extract<RichTextBlock, { nodeType: 'paragraph' }> {
  return { nodeType: 'paragraph', data: {}, content: inlineNodes(text) };
}

type Mark = RichTextText['marks'][number]['type'];

const text = (value: string, marks: Mark[]): RichTextText => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});

// Earliest match wins; the order here only breaks ties at the same position.
const INLINE =
  /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+?)\*\*|`([^`\n]+)`|\*([^*\n]+?)\*|(?<![\p{L}\p{N}])_([^_\n]+?)_(?![\p{L}\p{N}])/u;

/** Inline Markdown to text and hyperlink nodes; a paragraph always has at least one text node. */
export function inlineNodes(source: string, marks: Mark[] = []): RichTextInline[] {
  const nodes: RichTextInline[] = [];
  let rest = source;
  while (rest.length > 0) {
    const match = INLINE.exec(rest);
    if (!match) {
      nodes.push(text(rest, marks));
      break;
    }
    if (match.index > 0) nodes.push(text(rest.slice(0, match.index), marks));
    const [whole, linkText, uri, bold, code, star, underscore] = match;
    if (linkText !== undefined && uri !== undefined) {
      const inner = inlineNodes(linkText, marks).filter(
        (node): node is RichTextText => node.nodeType === 'text',
      );
      if (safeUriSchema.safeParse(uri).success) {
        nodes.push({ nodeType: 'hyperlink', data: { uri }, content: inner });
      } else {
        nodes.push(...inner);
      }
    } else if (bold !== undefined) {
      nodes.push(...inlineNodes(bold, [...marks, 'bold']));
    } else if (code !== undefined) {
      nodes.push(text(code, [...marks, 'code']));
    } else {
      nodes.push(...inlineNodes((star ?? underscore)!, [...marks, 'italic']));
    }
    rest = rest.slice(match.index + whole.length);
  }
  return mergeTexts(nodes.length > 0 ? nodes : [text('', marks)]);
}

/** Adjacent text nodes with the same marks become one. */
function mergeTexts(nodes: RichTextInline[]): RichTextInline[] {
  const merged: RichTextInline[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (
      node.nodeType === 'text' &&
      last?.nodeType === 'text' &&
      last.marks.map((m) => m.type).join() === node.marks.map((m) => m.type).join()
    ) {
      merged[merged.length - 1] = { ...last, value: last.value + node.value };
    } else {
      merged.push(node);
    }
  }
  return merged;
}
