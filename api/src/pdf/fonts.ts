import { createRequire } from 'node:module';

// pdfkit's built-in fonts (Helvetica…) are WinAnsi only: no ā, č, ē, ģ, ī, ķ, ļ, ņ, š, ū, ž. Every
// PDF the API writes (labels, customs forms, price lists) is set in DejaVu Sans, which has all the
// Latvian letters and €. It comes from the `dejavu-fonts-ttf` package (free licence, see its
// LICENSE), a dependency of the API, so it is installed wherever the API is; pdfkit embeds only
// the glyphs a document uses.
const require = createRequire(import.meta.url);

export interface FontFiles {
  regular: string;
  bold: string;
}

export const PDF_FONTS: FontFiles = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
