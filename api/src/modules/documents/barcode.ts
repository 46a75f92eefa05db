import bwipjs from 'bwip-js/node';

/**
 * The shipment number as a Code 128 barcode PNG (bwip-js): black on white with a quiet zone of
 * ten modules on each side (scanners need it, and a transparent background reads as black).
 * No human-readable line: the labels print the number in large type themselves.
 */
export function code128Png(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 14,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  });
}
