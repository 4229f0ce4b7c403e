/**
 * What an upload is, by its first bytes (never its name or the type the client declared): PNG, JPEG and GIF
 * images; MP4 and QuickTime videos (an ISO media file: `ftyp` box at offset 4, its major brand telling QuickTime
 * `qt  ` from MP4; HEIF/AVIF brands are stills and refused). Anything else is undefined.
 */
export type ChatMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'video/mp4' | 'video/quicktime';

export const EXTENSIONS: Record<ChatMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const STILL_BRANDS = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

const ascii = (buf: Buffer, from: number, to: number): string => buf.subarray(from, to).toString('latin1');

export function sniffChatFile(buf: Buffer): ChatMime | undefined {
  if (buf.length >= 8 && PNG.every((b, i) => buf[i] === b)) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 6 && (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a')) return 'image/gif';
  if (buf.length >= 12 && ascii(buf, 4, 8) === 'ftyp') {
    const size = buf.readUInt32BE(0);
    if (size < 8 || size > 4096) return undefined;
    const brand = ascii(buf, 8, 12);
    if (STILL_BRANDS.has(brand)) return undefined;
    if (!/^[\x20-\x7e]{4}$/.test(brand)) return undefined;
    return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  // Older QuickTime files begin with a moov, mdat, wide or free atom instead of ftyp.
  if (buf.length >= 8 && ['moov', 'mdat', 'wide', 'free'].includes(ascii(buf, 4, 8)))
    return 'video/quicktime';
  return undefined;
}

export const kindOf = (mime: ChatMime): 'image' | 'video' => (mime.startsWith('image/') ? 'image' : 'video');
