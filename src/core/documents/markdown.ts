// Markdown through marked's CommonMark lexer: ATX and setext headings, paragraphs, list items, block
// quotes, code blocks and table rows become blocks; inline markup (emphasis, links, code spans) is read
// as its text. Front matter ("---" ... "---" at the top) is dropped.
import { Lexer, type Token, type Tokens } from 'marked';
import { BlockWriter, type ReadDocument } from './types.ts';

function inline(tokens: readonly Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback;
  return tokens
    .map((t) => {
      if (t.type === 'image') return (t as Tokens.Image).text;
      if (t.type === 'br') return ' ';
      if (t.type === 'html') return '';
      if ('tokens' in t && Array.isArray(t.tokens)) return inline(t.tokens, 'text' in t ? String(t.text) : '');
      return 'text' in t ? String(t.text) : '';
    })
    .join('');
}

function walk(tokens: readonly Token[], out: BlockWriter): void {
  for (const t of tokens) {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        out.heading(h.depth, inline(h.tokens, h.text));
        break;
      }
      case 'paragraph':
      case 'text': {
        const p = t as Tokens.Paragraph;
        out.paragraph(inline(p.tokens, p.text));
        break;
      }
      case 'code':
        out.paragraph((t as Tokens.Code).text);
        break;
      case 'blockquote':
        walk((t as Tokens.Blockquote).tokens, out);
        break;
      case 'list':
        for (const item of (t as Tokens.List).items) walk(item.tokens, out);
        break;
      case 'table': {
        const table = t as Tokens.Table;
        out.paragraph(table.header.map((c) => inline(c.tokens, c.text)).join(' | '));
        for (const row of table.rows) out.paragraph(row.map((c) => inline(c.tokens, c.text)).join(' | '));
        break;
      }
      case 'html':
        out.paragraph((t as Tokens.HTML).text.replace(/<[^>]*>/g, ' '));
        break;
      default:
        break; // space, hr, def
    }
  }
}

export function readMarkdown(source: string): ReadDocument {
  const text = source.replace(/\r\n?/g, '\n').replace(/^---\n[\s\S]*?\n---\n/, '');
  const out = new BlockWriter();
  walk(new Lexer({ gfm: true }).lex(text), out);
  return { text: out.text, blocks: out.blocks };
}

/** Plain text: paragraphs are separated by blank lines; there are no headings. */
export function readPlainText(source: string): ReadDocument {
  const out = new BlockWriter();
  for (const block of source.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) out.paragraph(block);
  return { text: out.text, blocks: out.blocks };
}
