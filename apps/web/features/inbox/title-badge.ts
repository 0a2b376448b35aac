const BADGE = /^\(\d+\) /;

/**
 * A document title with the pending count in front: "(2) Inbox · Inquiry Hub". Any earlier
 * badge is replaced; a count of zero leaves the bare title.
 */
export function badgedTitle(title: string, count: number): string {
  const bare = title.replace(BADGE, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}
