/**
 * Noto Sans SC (SIL Open Font License) from the `@expo-google-fonts/noto-sans-sc` package, for PDFs with Chinese
 * text: read from node_modules once, then kept; pdfkit embeds only the glyphs a document uses, with their Unicode
 * map, so the text can be copied and searched.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;

export function cjkFonts() {
  fonts ??= {
    regular: fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
    bold: fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fonts;
}
