// Documents the tests and the import-docs bench write themselves (never downloaded): PDFs with pdf-lib
// (running header and page numbers on every page, numbered headings set larger than the body, an
// encrypted one, a damaged one, a scan without a text layer), Word files with the `docx` package, and
// HTML and Markdown strings. One harbour report, so a multi-hop question has its hops in different files.
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, PDFHexString, StandardFonts, rgb } from 'pdf-lib';

export interface DocSection {
  heading: string;
  /** 1 = "3 Tides", 2 = "3.2 Spring tides". */
  level: number;
  paragraphs: string[];
}

export interface PdfSpec {
  title?: string;
  sections: DocSection[];
  /** Running header on every page (dropped by the reader). */
  header?: string;
  /** Start a new page before each level-1 section. */
  pageBreaks?: boolean;
}

const PAGE = { width: 595, height: 842, margin: 60 };

/** A PDF with real text: wrapped body lines at 11 pt, headings at 16/13 pt, header and page number on every page. */
export async function makePdf(spec: PdfSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (spec.title) doc.setTitle(spec.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin - 30;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin - 30;
  };
  const line = (text: string, size: number, f = font) => {
    if (y < PAGE.margin + 40) newPage();
    page.drawText(text, { x: PAGE.margin, y, size, font: f, color: rgb(0, 0, 0) });
    y -= size * 1.3;
  };
  const wrap = (text: string, size: number) => {
    let current = '';
    for (const word of text.split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && current) {
        line(current, size);
        current = word;
      } else current = next;
    }
    if (current) line(current, size);
  };
  spec.sections.forEach((s, i) => {
    if (spec.pageBreaks && s.level === 1 && i > 0) newPage();
    y -= 8;
    line(s.heading, s.level === 1 ? 16 : 13, bold);
    y -= 4;
    for (const p of s.paragraphs) {
      wrap(p, 11);
      y -= 9; // paragraph gap
    }
  });
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    if (spec.header) p.drawText(spec.header, { x: PAGE.margin, y: PAGE.height - 40, size: 9, font });
    p.drawText(`Page ${i + 1} of ${pages.length}`, { x: PAGE.width / 2 - 30, y: 30, size: 9, font });
  });
  return doc.save();
}

/** A PDF whose trailer names a standard security handler: pdf.js asks for a password. */
export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('secret minutes', { x: 50, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
  const dict = doc.context.obj({
    Filter: 'Standard',
    V: 2,
    R: 3,
    Length: 128,
    P: -44,
    O: PDFHexString.of('00'.repeat(32)),
    U: PDFHexString.of('11'.repeat(32)),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(dict);
  return doc.save({ useObjectStreams: false });
}

/** A "PDF" that breaks off after its header: damaged. */
export const makeCorruptPdf = (): Uint8Array =>
  new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\nxref\n0 3\ntrailer <<');

/** A scan: pages with drawings and no text layer. */
export async function makeScannedPdf(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++)
    doc.addPage().drawRectangle({ x: 50, y: 50, width: 400, height: 600, color: rgb(0.8, 0.8, 0.8) });
  return doc.save();
}

/** A Word file: a title heading, then each section under its heading style. */
export async function makeDocx(title: string, sections: DocSection[]): Promise<Uint8Array> {
  const levels = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3];
  const children = [new Paragraph({ text: title, heading: HeadingLevel.TITLE })];
  for (const s of sections) {
    children.push(new Paragraph({ text: s.heading, heading: levels[s.level - 1] ?? HeadingLevel.HEADING_3 }));
    for (const p of s.paragraphs) children.push(new Paragraph({ text: p }));
  }
  const doc = new Document({ sections: [{ children }] });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}

export function makeHtml(title: string, sections: DocSection[]): string {
  const body = sections
    .map((s) => `<h${s.level + 1}>${s.heading}</h${s.level + 1}>\n${s.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}`)
    .join('\n');
  return `<!doctype html><html><head><title>${title}</title><style>p { color: red }</style><script>var x = "script text";</script></head>
<body><nav><a href="/">Home</a> <a href="/about">About us</a></nav>
<header><p>Site banner</p></header>
<main><article><h1>${title}</h1>
${body}
</article></main>
<footer><p>Copyright footer text</p></footer></body></html>`;
}

export function makeMarkdown(title: string, sections: DocSection[]): string {
  return [
    `# ${title}`,
    '',
    ...sections.flatMap((s) => [
      `${'#'.repeat(s.level + 1)} ${s.heading}`,
      '',
      ...s.paragraphs.flatMap((p) => [p, '']),
    ]),
  ].join('\n');
}

/** A harbour corpus in four formats; the questions' hops sit in different files. */
export async function harbourFolder(): Promise<{ name: string; bytes: Uint8Array }[]> {
  const enc = new TextEncoder();
  const pdf = await makePdf({
    title: 'Harbour report',
    header: 'Harbour report - internal draft',
    pageBreaks: true,
    sections: [
      {
        heading: '1 Introduction',
        level: 1,
        paragraphs: [FILL('The harbour of Pellmouth serves the northern coast.', 3)],
      },
      { heading: '2 Piers', level: 1, paragraphs: [FILL('The harbour has two piers built of granite.', 2)] },
      {
        heading: '3 Tides',
        level: 1,
        paragraphs: [FILL('Tides at Pellmouth follow a semidiurnal pattern.', 2)],
      },
      {
        heading: '3.2 Spring tides',
        level: 2,
        paragraphs: [
          'Spring tides at Pellmouth reach 6.1 metres. The highest spring tide was measured by the engineer Ada Quillon.',
        ],
      },
    ],
  });
  const docx = await makeDocx('Engineer biographies', [
    {
      heading: 'Ada Quillon',
      level: 1,
      paragraphs: ['Ada Quillon was born in Tressa in 1871. She trained as a civil engineer in Lisbon.'],
    },
    { heading: 'Bram Holt', level: 1, paragraphs: ['Bram Holt designed the lighthouse at Cape Dorn in 1902.'] },
  ]);
  const html = makeHtml('Town of Tressa', [
    {
      heading: 'History',
      level: 1,
      paragraphs: ['Tressa is a mountain town founded in 1540. Its river is the Vell.'],
    },
    { heading: 'Economy', level: 1, paragraphs: ['Tressa lives from wool and slate.'] },
  ]);
  const md = makeMarkdown('Lighthouses', [
    { heading: 'Cape Dorn', level: 1, paragraphs: ['The Cape Dorn lighthouse stands 41 metres tall.'] },
  ]);
  return [
    { name: 'harbour-report.pdf', bytes: pdf },
    { name: 'engineers.docx', bytes: docx },
    { name: 'tressa.html', bytes: enc.encode(html) },
    { name: 'lighthouses.md', bytes: enc.encode(md) },
  ];
}

/** Questions for harbourFolder(): gold by file and by file and heading path. */
export const HARBOUR_QUESTIONS = [
  {
    question: 'In which town was the engineer who measured the highest spring tide at Pellmouth born?',
    answer: 'Tressa',
    gold: ['harbour-report.pdf > 3 Tides > 3.2 Spring tides', 'engineers.docx > Ada Quillon'],
  },
  {
    question: 'How tall is the lighthouse designed by Bram Holt?',
    answer: '41 metres',
    gold: ['lighthouses.md', 'engineers.docx > Bram Holt'],
  },
  { question: 'What does the town on the Vell live from?' },
]
  .map((q) => JSON.stringify(q))
  .join('\n');

/** `sentence` repeated into a paragraph of about `n` x 12 words (filler for page-long sections). */
function FILL(sentence: string, n: number): string {
  return Array.from({ length: n * 4 }, (_, i) => `${sentence.replace(/\.$/, '')} (${i + 1}).`).join(' ');
}
