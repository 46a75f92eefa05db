import bwipjs from 'bwip-js/node';

// The QR picture of a hand-over code, drawn by bwip-js (the library the labels' barcodes already
// use). Error correction M: a code on a cracked phone screen or a creased print still scans. A
// quiet zone of four modules on each side, as the QR standard asks; black on white.
const QR = { bcid: 'qrcode', eclevel: 'M', scale: 6, paddingwidth: 4, paddingheight: 4 } as const;

export function qrSvg(text: string): string {
  return bwipjs.toSVG({ ...QR, text, backgroundcolor: 'FFFFFF' });
}

export function qrPng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ ...QR, text, backgroundcolor: 'FFFFFF' });
}
