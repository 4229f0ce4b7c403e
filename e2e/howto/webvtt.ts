export const CAPTION_LANGUAGES = ['th', 'la', 'en'] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];

/** One caption, in the three languages of the site. */
export type Caption = Record<CaptionLanguage, string>;

/** A caption shown from `start` to `end` (milliseconds from the start of the video). */
export interface Cue {
  start: number;
  end: number;
  caption: Caption;
}

function timestamp(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(total % 1000, 3)}`;
}

/**
 * Cues from the moments each step started: a step's caption shows until the next step starts, the last one
 * until the end of the video.
 */
export function cuesFromMarks(marks: { at: number; caption: Caption }[], end: number): Cue[] {
  return marks.map((mark, i) => ({
    start: mark.at,
    end: Math.max(mark.at + 500, marks[i + 1]?.at ?? end),
    caption: mark.caption,
  }));
}

/** A WebVTT file of the cues in one language. */
export function webVtt(cues: Cue[], language: CaptionLanguage): string {
  const blocks = cues.map(
    (cue, i) => `${i + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cue.caption[language]}`,
  );
  return `WEBVTT\nLanguage: ${language}\n\n${blocks.join('\n\n')}\n`;
}
