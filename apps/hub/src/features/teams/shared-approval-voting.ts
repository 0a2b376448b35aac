import type {
  AnswerBody,
  AnswerVia,
  ApprovalVote,
  Inquiry,
  InquiryProgress,
} from "@inquiry-hub/protocol";
import { checkApprovalAnswer } from "../inquiries/approval-answer";
import type { ArgumentsValidator } from "../inquiries/ports";
import { isApproving } from "./ports";
import type { ApprovalVoteStore, Ballot } from "./ports";
import { HubError } from "../../kernel/errors";
import { resolutionFromAnswer } from "../inquiries/inquiry-machine";
import type { InquiryService } from "../inquiries/inquiry-service";
import { audienceRole } from "../inquiries/inquiry-audience";
import type { StandingJudge } from "./shared-approval-standing";

/** The progress event of a ballot: distinct approvers so far, the target, every vote. */
export function progressOf(inquiry: Inquiry, ballot: Ballot): InquiryProgress {
  return {
    inquiryId: inquiry.id,
    approvals: ballot.votes.filter(isApproving).length,
    required: inquiry.sharedApproval?.required ?? 1,
    voters: ballot.votes,
  };
}

/** What casting a vote needs from the rest of the hub. */
export interface VotingDeps {
  inner: InquiryService;
  votes: ApprovalVoteStore;
  /** The stored record, whoever owns it. */
  read(id: string): Promise<Inquiry | undefined>;
  validateArguments: ArgumentsValidator;
  /** The CONFLICT error for an inquiry that is already final. */
  conflict(inquiry: Inquiry): Promise<HubError>;
  /** Each person's standing on the inquiry by current team membership (shared-approval-standing.ts). */
  standing(inquiry: Inquiry, step: number): Promise<StandingJudge>;
  /** Takes out a person who lost their standing: strikes their vote, withdraws their card. */
  dismiss(inquiry: Inquiry, userId: string): Promise<void>;
  /** Called after every recorded vote, with the ballot it left. */
  recorded(inquiry: Inquiry, ballot: Ballot): void;
  /** Called once per vote the store cast (never for a duplicate or a closed ballot), for the audit. */
  voted(inquiry: Inquiry, vote: ApprovalVote, step: number, via: AnswerVia | undefined): void;
  now(): Date;
}

/**
 * A person's answer to a shared (team) approval, as one vote. Refused before anything is
 * recorded: people outside the audience (NOT_FOUND), viewers, people removed from the team
 * or demoted below its voting role since the call was gated, and a requester without
 * `selfApproval` (FORBIDDEN, naming the reason), final inquiries (CONFLICT), answers the
 * approval cannot carry (BAD_REQUEST; `edit` only when one approval suffices). Before the
 * vote is cast, earlier votes of people who lost their standing are struck, so they never
 * count towards `required` even if the review after their removal did not run. The store
 * casts atomically; only the vote that decides resolves the inquiry, through the service's
 * compare-and-set, so the call is forwarded once however votes race. A non-deciding vote
 * returns the pending record. `via` says how the vote came (a push notification's action).
 * `read` is the record and ballot the caller has just read to find the voter in the audience
 * (the ballot is read here when the caller needed none); the store's cast decides anyway.
 */
export async function castVote(
  deps: VotingDeps,
  userId: string,
  read: { inquiry: Inquiry; ballot?: Ballot | undefined },
  body: AnswerBody,
  deviceId: string,
  via?: AnswerVia,
): Promise<Inquiry> {
  const { inquiry } = read;
  const shared = inquiry.sharedApproval;
  if (shared === undefined) throw new HubError("INTERNAL", `inquiry ${inquiry.id} is not shared`);
  const { step, votes } = read.ballot ?? (await deps.votes.ballot(inquiry.id));
  if (audienceRole(inquiry, userId, step) === undefined && inquiry.userId !== userId)
    throw new HubError("NOT_FOUND", `inquiry ${inquiry.id} not found`);
  const judge = await deps.standing(inquiry, step);
  const standing = judge(userId);
  if (standing.role !== "approver")
    throw new HubError(
      "FORBIDDEN",
      standing.reason ?? `only approvers of team ${shared.teamName} may decide this call`,
    );
  if (inquiry.userId === userId && !shared.selfApproval)
    throw new HubError("FORBIDDEN", "the requester may not approve their own call");
  if (inquiry.status !== "pending") throw await deps.conflict(inquiry);
  checkApprovalAnswer(inquiry, body, deps.validateArguments);
  const at = deps.now();
  const resolution = resolutionFromAnswer(inquiry.type, body, at, deviceId, via);
  if (body.action !== "approve" && body.action !== "edit" && body.action !== "reject")
    throw new HubError("BAD_REQUEST", `action: "${body.action}" is not a vote`);
  if (body.action === "edit" && shared.required > 1)
    throw new HubError("BAD_REQUEST", "edit needs a single approver; this call needs several");

  const lapsed = votes.filter((each) => judge(each.userId).role !== "approver");
  for (const each of lapsed) await deps.dismiss(inquiry, each.userId);
  const vote: ApprovalVote = { userId, deviceId, decision: body.action, at: at.toISOString() };
  const rule = { required: shared.required, rejectEnds: shared.rejectEnds };
  const outcome = await deps.votes.cast(inquiry.id, vote, rule);
  switch (outcome.kind) {
    case "duplicate":
      throw new HubError(
        "CONFLICT",
        `you already voted ${outcome.previous.decision} on this call; it needs ${shared.required} different people`,
        { details: { previous: outcome.previous } },
      );
    case "closed": {
      const current = await deps.read(inquiry.id);
      throw current === undefined || current.status === "pending"
        ? new HubError("CONFLICT", "this approval has just been decided")
        : await deps.conflict(current);
    }
    case "recorded":
      break;
  }
  deps.voted(inquiry, vote, outcome.ballot.step, via);
  deps.recorded(inquiry, outcome.ballot);
  if (outcome.ballot.decided === undefined) return inquiry;
  const final = await deps.inner.resolve(inquiry.id, resolution);
  if (!final.applied) throw await deps.conflict(final.inquiry);
  return final.inquiry;
}
