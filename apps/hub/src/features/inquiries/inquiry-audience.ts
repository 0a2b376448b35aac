import type { Inquiry, SharedApprovalMember } from "@inquiry-hub/protocol";

/**
 * Who may see an inquiry: its owner, plus, for a shared approval, the audience members
 * brought in by escalation steps up to `step` (all of them when `step` is omitted).
 * Listed once each, owner first.
 *
 * @example audienceUserIds(inquiry, 0) // ["requester", "b", "c", "d"]
 */
export function audienceUserIds(
  inquiry: Pick<Inquiry, "userId" | "sharedApproval">,
  step = Number.POSITIVE_INFINITY,
): string[] {
  const members = inquiry.sharedApproval?.audience;
  if (members === undefined || members.length === 0) return [inquiry.userId];
  const visible = members.filter((member) => member.step <= step).map((member) => member.userId);
  return [...new Set([inquiry.userId, ...visible])];
}

/** The audience members a given escalation step brings in (and who were not in before). */
export function newcomersAt(inquiry: Inquiry, step: number): string[] {
  const before = new Set(audienceUserIds(inquiry, step - 1));
  return audienceUserIds(inquiry, step).filter((userId) => !before.has(userId));
}

/**
 * The user's part in a shared approval once it reached `step`: `approver` if any entry that
 * is visible by then makes them one (a viewer of the first group may be an approver of an
 * escalation group), `viewer` if they only see it, undefined if they are not in it.
 */
export function audienceRole(
  inquiry: Inquiry,
  userId: string,
  step: number,
): SharedApprovalMember["role"] | undefined {
  const entries = (inquiry.sharedApproval?.audience ?? []).filter(
    (member) => member.userId === userId && member.step <= step,
  );
  if (entries.some((member) => member.role === "approver")) return "approver";
  return entries.length > 0 ? "viewer" : undefined;
}
