import { voteAuditRecord } from "../features/audit/vote-events";
import type { AuditWiring } from "./audit-wiring";
import type { Teams } from "./team-wiring";

/**
 * Records each vote on a team approval in the audit as this node casts it. A vote is cast by
 * the vote store's compare-and-set, which succeeds on one node only (a second vote of the
 * same person is a duplicate, a vote after the decision is refused, a non-member never gets
 * that far), so each vote is recorded once however many nodes serve the team. The record is
 * built from the vote itself, with no read, and completed once for all its chains; the vote
 * does not wait for it. Listens for as long as `teams` lives.
 */
export function auditVotes(
  teams: Pick<Teams, "onVoted">,
  audit: Pick<AuditWiring, "recordIn">,
): void {
  teams.onVoted((inquiry, vote, step, via) => {
    const voted = voteAuditRecord(inquiry, vote, step, via);
    if (voted !== undefined) audit.recordIn(voted.chains, voted.event);
  });
}
