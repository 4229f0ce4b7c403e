import { sectorAngles } from './wheel-geometry';

/** What the canvas needs of a slice. */
export interface DrawnSlice {
  label: string;
  bgColor: string;
  textColor: string;
}

/** The site's font stack (shared ui.css `--wl-font`), for a canvas that cannot read custom properties. */
export const WHEEL_FONT_STACK =
  "'Noto Sans Thai', 'Noto Sans Lao', 'Phetsarath OT', system-ui, -apple-system, 'Segoe UI', sans-serif";

/** Spec §9: a non-winning sector is darkened to 25 % of its brightness (black at 75 % over it). */
export const DARKEN_FILL = 'rgba(0, 0, 0, 0.75)';

export const RIM_COLOR = '#d9b45a';

export interface DrawOptions {
  /** CSS pixels of the square canvas. */
  size: number;
  /** Device pixels per CSS pixel: the canvas holds `size × ratio` pixels and is drawn scaled. */
  pixelRatio: number;
  /** Degrees, clockwise. */
  rotation: number;
  slices: readonly DrawnSlice[];
  /** After a landing: the won sector; every other sector is darkened. */
  highlight: number | null;
  fontFamily?: string;
}

/** The wheel's CSS size for a window of `windowWidth` px (spec §9: at most 350 px or 85 % of the window). */
export function wheelSize(windowWidth: number): number {
  return Math.max(120, Math.floor(Math.min(350, windowWidth * 0.85)));
}

/** Sizes the canvas for `size` CSS pixels at `pixelRatio` (crisp on high-DPI screens). */
export function setUpCanvas(canvas: HTMLCanvasElement, size: number, pixelRatio: number): void {
  const pixels = Math.round(size * pixelRatio);
  if (canvas.width !== pixels) canvas.width = pixels;
  if (canvas.height !== pixels) canvas.height = pixels;
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The largest font size (px) at which `label` fits along the radius (`length` px) and inside the sector's width
 * (`height` px); below the minimum the label is cut with an ellipsis.
 */
function fitLabel(
  ctx: CanvasRenderingContext2D,
  label: string,
  length: number,
  height: number,
  fontFamily: string,
  maxSize: number,
): { text: string; font: string } {
  const minSize = 9;
  let size = Math.max(minSize, Math.min(maxSize, Math.floor(height)));
  const fontOf = (px: number) => `600 ${px}px ${fontFamily}`;
  for (; size > minSize; size -= 1) {
    ctx.font = fontOf(size);
    if (ctx.measureText(label).width <= length) return { text: label, font: fontOf(size) };
  }
  ctx.font = fontOf(minSize);
  let text = label;
  while (text.length > 1 && ctx.measureText(`${text}…`).width > length) text = text.slice(0, -1);
  return { text: text === label ? label : `${text}…`, font: fontOf(minSize) };
}

/**
 * Draws the wheel turned by `rotation`: one sector per slice in order, clockwise from the top, filled with its
 * colour, its label along the sector's middle in its text colour; after a landing, every sector but `highlight`
 * darkened to 25 %. The pointer is not drawn here (it does not turn): the page shows it over the canvas.
 */
export function drawWheel(ctx: CanvasRenderingContext2D, options: DrawOptions): void {
  const { size, pixelRatio, rotation, slices, highlight } = options;
  const fontFamily = options.fontFamily || WHEEL_FONT_STACK;
  const count = slices.length;
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.clearRect(0, 0, size, size);
  if (count === 0) return;

  const rim = Math.max(3, size * 0.015);
  const radius = size / 2 - rim;
  const labelEnd = radius - Math.max(8, size * 0.04);
  const labelStart = radius * 0.3;
  const sweep = 360 / count;
  // The room across the sector at the middle of the label, 80 % of it for the letters.
  const across = 2 * ((labelStart + labelEnd) / 2) * Math.sin(rad(Math.min(sweep, 180) / 2)) * 0.8;
  const maxFont = Math.max(11, Math.min(18, Math.round(size * 0.05)));

  ctx.save();
  ctx.translate(size / 2, size / 2);
  ctx.rotate(rad(rotation));
  slices.forEach((slice, index) => {
    const { start, end, centre } = sectorAngles(index, count);
    // Canvas angles start at 3 o'clock; the wheel's at 12.
    const path = () => {
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.arc(0, 0, radius, rad(start - 90), rad(end - 90));
      ctx.closePath();
    };
    path();
    ctx.fillStyle = slice.bgColor;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.35)';
    ctx.stroke();

    ctx.save();
    ctx.rotate(rad(centre - 90));
    const { text, font } = fitLabel(ctx, slice.label, labelEnd - labelStart, across, fontFamily, maxFont);
    ctx.font = font;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = slice.textColor;
    ctx.fillText(text, labelEnd, 0);
    ctx.restore();

    if (highlight !== null && index !== highlight) {
      path();
      ctx.fillStyle = DARKEN_FILL;
      ctx.fill();
    }
  });

  ctx.beginPath();
  ctx.arc(0, 0, radius, 0, Math.PI * 2);
  ctx.lineWidth = rim;
  ctx.strokeStyle = RIM_COLOR;
  ctx.stroke();
  ctx.restore();
}
