import { PNG } from 'pngjs';
import { badRequest } from '../../../http/errors.js';

/** the pad's canvas is at most this big (a tablet at twice its pixel density); anything larger is not the pad's */
const MAX_WIDTH = 2400;
const MAX_HEIGHT = 1200;
/** a signature covers at least this share of the pad's width, or of its height */
const MIN_EXTENT = 0.2;
/** and inks at least this many pixels: a dot or a short tick is no signature */
const MIN_INK = 400;

/**
 * The signature as drawn on the pad: a PNG data URL, decoded and looked at, so an empty pad or a tap is
 * refused by the server whatever the page sends. Ink is any dark, opaque pixel (the pad draws dark ink on a
 * transparent or white ground).
 */
export function readSignature(dataUrl: string): Buffer {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!m) throw badRequest('signing.signatureNotImage');
  const png = Buffer.from(m[1], 'base64');
  let image: PNG;
  try {
    image = PNG.sync.read(png);
  } catch {
    throw badRequest('signing.signatureNotImage');
  }
  const { width, height, data } = image;
  if (width > MAX_WIDTH || height > MAX_HEIGHT) throw badRequest('signing.signatureNotImage');
  let ink = 0;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const dark = data[i] * 0.299 + data[i + 1] * 0.587 + data[i + 2] * 0.114 < 128;
      if (data[i + 3] < 128 || !dark) continue;
      ink++;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (ink === 0) throw badRequest('signing.signatureEmpty');
  const wide = (right - left + 1) / width >= MIN_EXTENT || (bottom - top + 1) / height >= MIN_EXTENT;
  if (ink < MIN_INK || !wide) throw badRequest('signing.signatureTooSmall');
  return png;
}
