import type { Definition, Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toMarkdown } from 'mdast-util-to-markdown';
import {
  safeUriSchema,
  type RichTextBlock,
  type RichTextDocument,
  type RichTextInline,
  type RichTextText,
} from '@arcadia/contracts';

/**
 * CommonMark (parsed by micromark through mdast-util-from-markdown) to the rich-text document the
 * news API serves, and back for the editor.
 *
 * The document model is a subset of Contentful's: paragraphs, headings, lists, quotes and rules;
 * bold, italic, underline and code; links. What CommonMark has beyond that is kept as text, never
 * as markup: a code block becomes a paragraph marked as code, raw HTML its literal text, an
 * image its alternative text; a list item or a quote holds paragraphs only, so a nested list or a
 * heading inside one becomes paragraphs of it. Links go only to http(s), our own paths and mailto:
 * any other link stays its text, so no script URL ever reaches a renderer.
 */
export function richTextFromMarkdown(source: string): RichTextDocument {
  const tree = fromMarkdown(source);
  const definitions = new Map<string, Definition>();
  collectDefinitions(tree, definitions);
  const ctx: Context = { definitions };
  return { nodeType: 'document', data: {}, content: tree.children.flatMap((n) => block(n, ctx)) };
}

type Mark = RichTextText['marks'][number]['type'];
type Paragraph = Extract<RichTextBlock, { nodeType: 'paragraph' }>;
interface Context {
  definitions: Map<string, Definition>;
}

function collectDefinitions(node: Nodes, into: Map<string, Definition>): void {
  if (node.type === 'definition') {
    // The first definition of a label wins, as CommonMark says.
    if (!into.has(node.identifier)) into.set(node.identifier, node);
    return;
  }
  if ('children' in node) for (const child of node.children) collectDefinitions(child, into);
}

const text = (value: string, marks: Mark[]): RichTextText => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});

const paragraph = (content: RichTextInline[]): Paragraph => ({
  nodeType: 'paragraph',
  data: {},
  content: mergeTexts(content),
});

function block(node: RootContent, ctx: Context): RichTextBlock[] {
  switch (node.type) {
    case 'paragraph':
      return [paragraph(inlines(node.children, [], ctx))];
    case 'heading':
      return [
        {
          nodeType: `heading-${node.depth}`,
          data: {},
          content: mergeTexts(inlines(node.children, [], ctx)),
        },
      ];
    case 'thematicBreak':
      return [{ nodeType: 'hr', data: {}, content: [] }];
    case 'blockquote':
      return [
        { nodeType: 'blockquote', data: {}, content: node.children.flatMap((c) => flat(c, ctx)) },
      ];
    case 'list':
      return [
        {
          nodeType: node.ordered ? 'ordered-list' : 'unordered-list',
          data: {},
          content: node.children.map((item) => ({
            nodeType: 'list-item' as const,
            data: {},
            content: item.children.flatMap((c) => flat(c, ctx)),
          })),
        },
      ];
    case 'code':
      return [paragraph([text(node.value, ['code'])])];
    case 'html':
      return [paragraph([text(node.value, [])])];
    case 'definition':
      // Resolved into the links that name it.
      return [];
    // Not made by CommonMark without extensions (GFM, frontmatter), or not at block level.
    case 'break':
    case 'delete':
    case 'emphasis':
    case 'footnoteDefinition':
    case 'footnoteReference':
    case 'image':
    case 'imageReference':
    case 'inlineCode':
    case 'link':
    case 'linkReference':
    case 'listItem':
    case 'strong':
    case 'table':
    case 'tableCell':
    case 'tableRow':
    case 'text':
    case 'yaml':
      return [];
  }
}

/** A block inside a list item or a quote, as the paragraphs the document model allows there. */
function flat(node: RootContent, ctx: Context): Paragraph[] {
  return block(node, ctx).flatMap(asParagraphs);
}

/** A block as paragraphs: a heading's text, a list's items, a quote's paragraphs. */
export function asParagraphs(b: RichTextBlock): Paragraph[] {
  switch (b.nodeType) {
    case 'paragraph':
      return [b];
    case 'blockquote':
      return b.content;
    case 'unordered-list':
    case 'ordered-list':
      return b.content.flatMap((item) => item.content);
    case 'hr':
      return [];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
    case 'heading-4':
    case 'heading-5':
    case 'heading-6':
      return [paragraph(b.content)];
  }
}

function withMark(marks: Mark[], mark: Mark): Mark[] {
  return marks.includes(mark) ? marks : [...marks, mark];
}

function inlines(nodes: PhrasingContent[], marks: Mark[], ctx: Context): RichTextInline[] {
  return nodes.flatMap((node) => inline(node, marks, ctx));
}

function inline(node: PhrasingContent, marks: Mark[], ctx: Context): RichTextInline[] {
  switch (node.type) {
    case 'text':
      // A soft line break inside a paragraph is a space to a reader.
      return [text(node.value.replace(/[ \t]*\n[ \t]*/g, ' '), marks)];
    case 'break':
      return [text(' ', marks)];
    case 'strong':
      return inlines(node.children, withMark(marks, 'bold'), ctx);
    case 'emphasis':
      return inlines(node.children, withMark(marks, 'italic'), ctx);
    case 'inlineCode':
      return [text(node.value, withMark(marks, 'code'))];
    case 'html':
      return [text(node.value, marks)];
    case 'link':
      return link(node.url, inlines(node.children, marks, ctx));
    case 'linkReference': {
      const target = ctx.definitions.get(node.identifier);
      const content = inlines(node.children, marks, ctx);
      return target ? link(target.url, content) : content;
    }
    case 'image':
    case 'imageReference':
      return node.alt ? [text(node.alt, marks)] : [];
    // GFM only: not parsed here.
    case 'delete':
    case 'footnoteReference':
      return [];
  }
}

/** A hyperlink of text nodes when the target is safe; otherwise just the text. */
function link(uri: string, content: RichTextInline[]): RichTextInline[] {
  const texts = mergeTexts(
    content.flatMap((n) => (n.nodeType === 'text' ? [n] : n.content)),
  ) as RichTextText[];
  if (!safeUriSchema.safeParse(uri).success) return texts;
  return [{ nodeType: 'hyperlink', data: { uri }, content: texts }];
}

/** Adjacent text nodes with the same marks become one; an empty run is one empty text node. */
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
  return merged.length > 0 ? merged : [text('', [])];
}

// ---- Back to Markdown, for articles stored before their source was kept ----

/**
 * The CommonMark text of a rich-text document (serialized by mdast-util-to-markdown, which
 * escapes what needs escaping). Underline has no CommonMark form: it is dropped.
 */
export function markdownFromRichText(document: RichTextDocument): string {
  const root: Root = { type: 'root', children: document.content.map(toMdastBlock) };
  return toMarkdown(root, { bullet: '-', emphasis: '_', rule: '-' });
}

function toMdastBlock(node: RichTextBlock): RootContent {
  switch (node.nodeType) {
    case 'paragraph':
      return { type: 'paragraph', children: node.content.flatMap(toMdastInline) };
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
    case 'heading-4':
    case 'heading-5':
    case 'heading-6':
      return {
        type: 'heading',
        depth: Number(node.nodeType.slice(-1)) as 1 | 2 | 3 | 4 | 5 | 6,
        children: node.content.flatMap(toMdastInline),
      };
    case 'hr':
      return { type: 'thematicBreak' };
    case 'blockquote':
      return {
        type: 'blockquote',
        children: node.content.map((p) => ({
          type: 'paragraph' as const,
          children: p.content.flatMap(toMdastInline),
        })),
      };
    case 'unordered-list':
    case 'ordered-list':
      return {
        type: 'list',
        ordered: node.nodeType === 'ordered-list',
        spread: false,
        children: node.content.map((item) => ({
          type: 'listItem' as const,
          spread: false,
          children: item.content.map((p) => ({
            type: 'paragraph' as const,
            children: p.content.flatMap(toMdastInline),
          })),
        })),
      };
  }
}

function toMdastInline(node: RichTextInline): PhrasingContent[] {
  if (node.nodeType === 'hyperlink') {
    return [{ type: 'link', url: node.data.uri, children: node.content.flatMap(toMdastInline) }];
  }
  if (node.value === '') return [];
  const marks = node.marks.map((m) => m.type);
  let out: PhrasingContent = marks.includes('code')
    ? { type: 'inlineCode', value: node.value }
    : { type: 'text', value: node.value };
  if (marks.includes('italic')) out = { type: 'emphasis', children: [out] };
  if (marks.includes('bold')) out = { type: 'strong', children: [out] };
  return [out];
}
