import {
  richTextDocumentSchema,
  safeUriSchema,
  type RichTextBlock,
  type RichTextDocument,
  type RichTextInline,
  type RichTextText,
} from '@arcadia/contracts';
import { asParagraphs } from './markdown';

/**
 * Contentful's rich text (the delivery API's JSON, @contentful/rich-text-types) in our document
 * model, which is a subset of it. Kept as they are: paragraphs, headings 1–6, lists, quotes, rules,
 * text with bold/italic/underline/code, hyperlinks to safe URIs. Reduced: a list item's or a
 * quote's nested blocks become its paragraphs, a table its cells' paragraphs, a link to an entry
 * or asset (or an unsafe URI) its text; other marks (superscript, strikethrough, …) are dropped.
 * Left out: embedded entries and assets, which players' clients have no view for.
 */
export function richTextFromContentful(document: unknown): RichTextDocument {
  const root = asNode(document);
  const content = root?.nodeType === 'document' ? root.content.flatMap(block) : [];
  // The answer goes through the contract, as our own documents do.
  return richTextDocumentSchema.parse({ nodeType: 'document', data: {}, content });
}

/** A node as the delivery API sends it: nodeType, data, content or value and marks. */
interface CfNode {
  nodeType: string;
  data: Record<string, unknown>;
  content: CfNode[];
  value?: string;
  marks?: Array<{ type: string }>;
}

function asNode(value: unknown): CfNode | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const node = value as Partial<CfNode>;
  if (typeof node.nodeType !== 'string') return undefined;
  return {
    nodeType: node.nodeType,
    data: node.data && typeof node.data === 'object' ? node.data : {},
    content: Array.isArray(node.content)
      ? node.content.map(asNode).filter((n): n is CfNode => n !== undefined)
      : [],
    ...(typeof node.value === 'string' ? { value: node.value } : {}),
    ...(Array.isArray(node.marks) ? { marks: node.marks } : {}),
  };
}

type Paragraph = Extract<RichTextBlock, { nodeType: 'paragraph' }>;
type Mark = RichTextText['marks'][number]['type'];
const MARKS = new Set<string>(['bold', 'italic', 'underline', 'code']);
const HEADINGS = new Set([1, 2, 3, 4, 5, 6].map((n) => `heading-${n}`));

const paragraph = (content: RichTextInline[]): Paragraph => ({
  nodeType: 'paragraph',
  data: {},
  content: content.length > 0 ? content : [text('', [])],
});

const text = (value: string, marks: Mark[]): RichTextText => ({
  nodeType: 'text',
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});

function block(node: CfNode): RichTextBlock[] {
  if (node.nodeType === 'paragraph') return [paragraph(node.content.flatMap(inline))];
  if (HEADINGS.has(node.nodeType)) {
    return [
      {
        nodeType: node.nodeType as `heading-${1 | 2 | 3 | 4 | 5 | 6}`,
        data: {},
        content: node.content.flatMap(inline),
      },
    ];
  }
  switch (node.nodeType) {
    case 'hr':
      return [{ nodeType: 'hr', data: {}, content: [] }];
    case 'blockquote':
      return [{ nodeType: 'blockquote', data: {}, content: node.content.flatMap(paragraphs) }];
    case 'unordered-list':
    case 'ordered-list':
      return [
        {
          nodeType: node.nodeType,
          data: {},
          content: node.content
            .filter((item) => item.nodeType === 'list-item')
            .map((item) => ({
              nodeType: 'list-item' as const,
              data: {},
              content: item.content.flatMap(paragraphs),
            })),
        },
      ];
    case 'table':
      return node.content.flatMap((row) =>
        row.content.flatMap((cell) => cell.content.flatMap(paragraphs)),
      );
    default:
      // embedded-entry-block, embedded-asset-block, embedded-resource-block, unknown kinds.
      return [];
  }
}

/** A block where only paragraphs may stand (in a list item, a quote, a table cell). */
function paragraphs(node: CfNode): Paragraph[] {
  return block(node).flatMap(asParagraphs);
}

function texts(node: CfNode): RichTextText[] {
  if (node.nodeType === 'text') {
    const marks = (node.marks ?? [])
      .map((m) => m.type)
      .filter((type): type is Mark => MARKS.has(type));
    return [text(node.value ?? '', [...new Set(marks)])];
  }
  return node.content.flatMap(texts);
}

function inline(node: CfNode): RichTextInline[] {
  if (node.nodeType === 'hyperlink') {
    const uri = safeUriSchema.safeParse(node.data.uri);
    const content = texts(node);
    return uri.success ? [{ nodeType: 'hyperlink', data: { uri: uri.data }, content }] : content;
  }
  if (node.nodeType === 'embedded-entry-inline' || node.nodeType === 'embedded-resource-inline')
    return [];
  // text, entry-hyperlink, asset-hyperlink, resource-hyperlink: their text.
  return texts(node);
}
