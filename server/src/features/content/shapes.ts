import { Type, type TSchema } from '@sinclair/typebox';
import type { ContentKey } from './seed-content';

/**
 * What may be stored under a content key (`lookup_content`): the shape its readers rely on, which the lookup route
 * also answers with, and what the shape cannot say. `ContentService.set` refuses any other value (KEY_INVALID),
 * so an operator's typo never reaches a member's page or a limit.
 */
export interface ContentShape {
  schema: TSchema;
  /**
   * A problem the schema cannot express (e.g. a maximum below the minimum, a bank that is not on the list), at its
   * field; undefined when none.
   */
  check?: (value: never) => ContentProblem | undefined | Promise<ContentProblem | undefined>;
}

/** Why a value is not of its key's shape: where (a JSON path, `/` for the whole value) and what. */
export interface ContentProblem {
  field: string;
  reason: string;
}

/** A shape whose lookup route is this feature's (`routes.ts`): with the route's summary. */
interface LookupShape extends ContentShape {
  summary: string;
}

const strict = { additionalProperties: false } as const;
const Html = Type.String({ description: 'HTML paragraph' });
/** A local time `HH:mm`, as deposits/slip-window.ts `minutesOfDay` reads it. */
const hhmm = (description: string) =>
  Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: `HH:mm, ${description}` });

/** An IANA time zone this runtime knows (the slip window is computed in it). */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const Slip = Type.Object(
  {
    enabled: Type.Boolean({ description: 'false: every upload is refused (SLIP_UPLOAD_FAIL)' }),
    maxSizeBytes: Type.Integer({
      minimum: 1,
      description: "largest file in bytes; the server's own 5 MB ceiling still holds",
    }),
    accept: Type.Array(Type.Union([Type.Literal('image/jpeg'), Type.Literal('image/png')]), {
      minItems: 1,
      uniqueItems: true,
      description: 'image types taken (the server reads JPEG and PNG)',
    }),
    uploadWithinMinutes: Type.Integer({ minimum: 1 }),
    closedFrom: hhmm('daily upload closing window start'),
    closedUntil: hhmm('daily upload closing window end'),
    timezone: Type.String(),
  },
  strict,
);

const Howto = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    title: Type.String({ minLength: 1 }),
    src: Type.String({ minLength: 1 }),
    poster: Type.Optional(Type.String()),
    captions: Type.Optional(
      Type.Object(
        { th: Type.String(), la: Type.String(), en: Type.String() },
        { ...strict, description: 'URL of the WebVTT caption track in each language' },
      ),
    ),
  },
  strict,
);

/** An absolute http(s) address (what a member's link or picture may point at: never `javascript:` or `data:`). */
function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A path on this site (`/api/lookup/contact/qr.png`), not a protocol-relative `//host` address. */
const isSitePath = (text: string): boolean => /^\/(?![/\\])\S*$/.test(text);

/** `field` is empty or a web address (or, with `path`, a path on this site). */
function addressProblem(field: string, text: string, path = false): ContentProblem | undefined {
  if (text === '' || isWebAddress(text) || (path && isSitePath(text))) return undefined;
  return {
    field,
    reason: path ? 'an http(s) address, a path on this site or empty' : 'an http(s) address or empty',
  };
}

/** The placeholder the bonus notice must carry (mfe-bonus `fillNotice` replaces it), and no other. */
const PERCENT_FAIL = '{percentFail}';

/** Paragraphs members read: at least one, none empty (an empty one is a gap in the text, or a window of nothing). */
function paragraphsProblem(value: string[]): ContentProblem | undefined {
  if (value.length === 0) return { field: '/', reason: 'no paragraph' };
  const empty = value.findIndex((p) => p.trim() === '');
  return empty === -1 ? undefined : { field: `/${empty}`, reason: 'empty paragraph' };
}

/** The content keys this feature serves under /api/lookup/<key>; `withdraw` and `deposit` are their features'. */
export type LookupKey = Exclude<ContentKey, 'withdraw' | 'deposit'>;

/** The shapes of the lookups this feature serves (`withdraw` and `deposit`: declared by their features). */
export const CONTENT_SHAPES: Record<LookupKey, LookupShape> = {
  sources: {
    schema: Type.Array(
      Type.Object({ code: Type.String({ minLength: 1 }), description: Type.String() }, strict),
    ),
    summary: 'How the visitor heard of us (registration source)',
    // Each answer once, with words a visitor can pick (an empty one is a blank choice on the form).
    check: (value: { code: string; description: string }[]) => {
      const seen = new Set<string>();
      for (const [i, source] of value.entries()) {
        if (seen.has(source.code)) return { field: `/${i}/code`, reason: `${source.code} is listed twice` };
        seen.add(source.code);
        if (source.description.trim() === '') return { field: `/${i}/description`, reason: 'empty' };
      }
      return undefined;
    },
  },
  conditions: {
    schema: Type.Array(Html),
    summary: 'Bonus conditions (HTML paragraphs)',
    check: paragraphsProblem,
  },
  agreements: {
    schema: Type.Array(Html),
    summary: 'Member agreement (HTML paragraphs)',
    check: paragraphsProblem,
  },
  info: {
    schema: Type.Object(
      {
        name: Type.String({ minLength: 1 }),
        website: Type.String({ description: 'an http(s) address or empty' }),
      },
      strict,
    ),
    summary: 'Site name and website',
    check: (value: { website: string }) => addressProblem('/website', value.website),
  },
  notice: {
    schema: Type.Object(
      { text: Type.String({ description: 'Contains the {percentFail} placeholder, and no other' }) },
      strict,
    ),
    summary: 'Bonus notice text',
    check: (value: { text: string }) => {
      if (!value.text.includes(PERCENT_FAIL)) return { field: '/text', reason: `without ${PERCENT_FAIL}` };
      const other = value.text.match(/\{[^}]*\}/g)?.find((p) => p !== PERCENT_FAIL);
      return other ? { field: '/text', reason: `${other} is not a placeholder` } : undefined;
    },
  },
  contact: {
    schema: Type.Object(
      {
        contactText: Type.String(),
        lineLink: Type.String({ description: 'an http(s) address or empty (no LINE button)' }),
        lineName: Type.String(),
        lineQR: Type.String({
          description: 'URL of a PNG QR code of lineLink: an http(s) address, a path on this site or empty',
        }),
      },
      strict,
    ),
    summary: 'Support contact',
    check: (value: { lineLink: string; lineQR: string }) =>
      addressProblem('/lineLink', value.lineLink) ?? addressProblem('/lineQR', value.lineQR, true),
  },
  slip: {
    schema: Slip,
    summary: 'Slip upload settings',
    check: (value: { timezone: string }) =>
      knownTimeZone(value.timezone)
        ? undefined
        : { field: '/timezone', reason: `${value.timezone} is not a known time zone` },
  },
  howto: { schema: Type.Array(Howto), summary: 'The five how-to videos' },
};
