import { createHash } from 'node:crypto';

/**
 * A statement whose text starts with this comment is sent as a named prepared statement (PostgreSQL through pg,
 * PGlite through its protocol): parsed and planned once per connection instead of at every call — the hot
 * statements of fixed text (the wallet read, a game transfer's statements). The name is derived from the text,
 * so two texts never share one.
 */
export const PREPARED = '/*prepared*/';

/** Statement names by text (bounded: beyond it, a marked statement is sent unnamed). */
const names = new Map<string, string>();
const NAMES_MAX = 500;

/** The statement name of a marked text; undefined when the text is not marked or too many texts were named. */
export function preparedName(text: string): string | undefined {
  if (!text.startsWith(PREPARED)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < NAMES_MAX) {
    name = `p_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}
