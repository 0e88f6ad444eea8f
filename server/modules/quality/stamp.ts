/**
 * An inspection report as buyers receive it: a PDF with the site's 质量管理专用章 over the lower right of every
 * page. A PDF report keeps its pages; a picture (JPG or PNG) becomes a page of its own size. pdf-lib draws on
 * the pages as they are, so the report's own text and scans stay untouched underneath.
 */
import { PDFDocument, type PDFImage, type PDFPage } from 'pdf-lib';

export type Picture = { file: Buffer; mime: string };

/** The stamp's width on the page, in points (about 42 mm, a seal's real size), and its distance from the edges. */
const SEAL_WIDTH = 120;
const MARGIN = 48;

async function embed(doc: PDFDocument, picture: Picture): Promise<PDFImage | null> {
  if (picture.mime === 'image/png') return doc.embedPng(picture.file);
  if (picture.mime === 'image/jpeg') return doc.embedJpg(picture.file);
  return null;
}

function stampPage(page: PDFPage, seal: PDFImage) {
  const { width, height } = page.getSize();
  const w = Math.min(SEAL_WIDTH, width / 3);
  const h = (seal.height / seal.width) * w;
  page.drawImage(seal, { x: width - w - Math.min(MARGIN, width / 10), y: Math.min(MARGIN, height / 10), width: w, height: h, opacity: 0.85 });
}

/** A report picture as a PDF page of its own proportions, no wider than A4 portrait at 72 dpi. */
async function pictureDoc(report: Picture): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const image = await embed(doc, report);
  if (!image) throw new Error(`unsupported report picture ${report.mime}`);
  const width = 595;
  const height = (image.height / image.width) * width;
  const page = doc.addPage([width, height]);
  page.drawImage(image, { x: 0, y: 0, width, height });
  return doc;
}

/** The report with the seal on each page, as PDF bytes; without a seal picture, the report as a PDF unstamped. */
export async function stampedReport(report: Picture, seal: Picture | null, title: string): Promise<Buffer> {
  const doc = report.mime === 'application/pdf' ? await PDFDocument.load(report.file, { ignoreEncryption: true }) : await pictureDoc(report);
  const image = seal ? await embed(doc, seal) : null;
  if (image) for (const page of doc.getPages()) stampPage(page, image);
  doc.setTitle(title);
  doc.setProducer('药采通');
  return Buffer.from(await doc.save());
}

/** The files a report may be: what the stamp can be drawn on. */
export const REPORT_MIMES = ['application/pdf', 'image/jpeg', 'image/png'];
