/** Whole-number percentages of invitees whose invitation succeeded and failed; null when there is no success. */
export function invitePercentages(success: number, fail: number): { success: number; fail: number } | null {
  if (!(success > 0)) return null;
  const total = success + Math.max(0, fail);
  const successPct = Math.round((success / total) * 100);
  return { success: successPct, fail: 100 - successPct };
}

/** The registration link (spec §2): origin + `/register?code=` + fixed prefix + profile `_id`. */
export function registrationLink(origin: string, prefix: string, profileId: string): string {
  return `${origin}/register?code=${encodeURIComponent(`${prefix}${profileId}`)}`;
}
