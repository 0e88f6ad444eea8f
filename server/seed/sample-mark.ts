/** 样本 across a seeded document's page: the seed's reports and certificates are samples, and say so. */
export function markSample(doc: PDFKit.PDFDocument, { angle, opacity }: { angle: number; opacity: number }) {
  const { width, height } = doc.page;
  doc
    .save()
    .rotate(angle, { origin: [width / 2, height / 2] })
    .font('bold')
    .fontSize(110)
    .fillColor('#cf1322')
    .fillOpacity(opacity)
    .text('样 本', 0, height / 2 - 70, { width, align: 'center' })
    .restore();
}
