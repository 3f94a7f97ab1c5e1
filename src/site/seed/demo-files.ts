/**
 * The demo store's digital products' files (issue 32): small PDFs written at seed time (nothing binary
 * in git), put in the file manager's bucket under the demo website, and delivered through download
 * grants like any merchant's file.
 */
import { DELIVERED_ONLY, fileKey } from '../editor/files';

export interface DemoFile {
  /** A file manager id (src/routes/console/console-files.ts's form): ids sort newest first, these as the oldest. */
  id: string;
  name: string;
  title: string;
  lines: string[];
}

export const DEMO_FILES = {
  presets: {
    id: 'zzzzzzzdemo00000001',
    name: 'Photo Presets – Guide.pdf',
    title: 'Photo Presets',
    lines: ['20 presets for warm, calm light.', 'Import them in your photo editor and adjust the exposure to taste.'],
  },
  ebook: {
    id: 'zzzzzzzdemo00000002',
    name: 'Recipe E-book.pdf',
    title: 'Recipe E-book',
    lines: ['Sixty recipes from the studio kitchen.', 'Start with the bread: it needs a night to rise.'],
  },
} as const satisfies Record<string, DemoFile>;

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');

/** A one-page PDF (Helvetica, the title and lines) with a correct cross-reference table. */
export function demoPdf(file: DemoFile): Uint8Array {
  const text = [`BT /F1 24 Tf 72 720 Td (${escapePdf(file.title)}) Tj ET`]
    .concat(file.lines.map((line, i) => `BT /F1 12 Tf 72 ${680 - i * 20} Td (${escapePdf(line)}) Tj ET`))
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** The demo's files in the bucket (written again at each seed: same bytes). */
export async function putDemoFiles(bucket: R2Bucket, websiteId: string): Promise<void> {
  for (const file of Object.values(DEMO_FILES)) {
    await bucket.put(fileKey(websiteId, file.id), demoPdf(file), {
      httpMetadata: { contentType: 'application/pdf' },
      customMetadata: { name: file.name, rev: '1', [DELIVERED_ONLY]: '1' },
    });
  }
}

/** A demo file as a digital product carries it. */
export function demoDigitalFile(file: DemoFile): { id: string; name: string; size: number } {
  return { id: file.id, name: file.name, size: demoPdf(file).byteLength };
}
