/** Spec §5 "Chat text" and §9: the bounds of what the customer sends. */
export const TEXT_MAX = 2000;
export const IMAGE_MAX_MB = 10;
export const VIDEO_MAX_MB = 20;
const MB = 1024 * 1024;

/** The attachment types the spec allows, by extension, with the upload route each goes to. */
const EXTENSIONS: Record<string, 'image' | 'video'> = {
  mp4: 'video',
  mov: 'video',
  qt: 'video',
  png: 'image',
  jpeg: 'image',
  jpg: 'image',
  gif: 'image',
};
const MIME_TYPES: Record<string, 'image' | 'video'> = {
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'image/gif': 'image',
};

/** The text to send, trimmed, or why it cannot be sent. */
export function checkText(
  raw: string,
): { ok: true; text: string } | { ok: false; reason: 'empty' | 'tooLong' } {
  const text = raw.trim();
  if (!text) return { ok: false, reason: 'empty' };
  if (text.length > TEXT_MAX) return { ok: false, reason: 'tooLong' };
  return { ok: true, text };
}

export type FileCheck =
  | { ok: true; kind: 'image' | 'video' }
  | { ok: false; reason: 'unsupported' }
  | { ok: false; reason: 'tooLarge'; maxMb: number };

/**
 * A file the customer picked: its name needs an allowed extension (a name without one is not supported), and a
 * declared type, when the browser gives one, must agree. The server checks the bytes themselves.
 */
export function checkFile(file: Pick<File, 'name' | 'size' | 'type'>): FileCheck {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const kind = EXTENSIONS[extension];
  if (!kind) return { ok: false, reason: 'unsupported' };
  if (file.type && MIME_TYPES[file.type.toLowerCase()] !== kind) return { ok: false, reason: 'unsupported' };
  const maxMb = kind === 'image' ? IMAGE_MAX_MB : VIDEO_MAX_MB;
  if (file.size > maxMb * MB) return { ok: false, reason: 'tooLarge', maxMb };
  return { ok: true, kind };
}
