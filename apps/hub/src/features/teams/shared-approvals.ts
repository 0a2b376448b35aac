import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { AnswerVia, ApprovalVote, Inquiry, InquiryProgress } from "@inquiry-hub/protocol";
import type { ArgumentsValidator } from "../inquiries/ports";
import type { TeamLookup } from "./approval-routing";
import type { ApprovalVoteStore, Ballot } from "./ports";
import { HubError } from "../../kernel/errors";
import type { Logger } from "../../kernel/ports";
import { alreadyResolvedError } from "../inquiries/inquiry-machine";
import type { InquiryCore, InquiryService } from "../inquiries/inquiry-service";
import type { InquiryStore } from "../inquiries/ports";
import { audienceRole, audienceUserIds, newcomersAt } from "../inquiries/inquiry-audience";
import { judgeStanding, rank } from "./shared-approval-standing";
import { castVote, progressOf } from "./shared-approval-voting";
import { POLICY_SCHEDULE_ONLY, escalationTimes } from "./early-escalation";
import type { EarlyEscalation, EarlyEscalationOf } from "./early-escalation";

/** A vote was recorded: everyone who sees the approval (`audience`) should see `progress`. */
export type ProgressListener = (progress: InquiryProgress, audience: string[]) => void;
/** An approval escalated: `newcomers` see it for the first time. */
export type EscalationListener = (inquiry: Inquiry, newcomers: string[], step: number) => void;
/** The vote store cast `vote` (once across nodes) at escalation `step`; `via`: how it came. */
export type VoteListener = (
  inquiry: Inquiry,
  vote: ApprovalVote,
  step: number,
  via: AnswerVia | undefined,
) => void;
/** `userId` lost their standing on a pending approval (left the team, was demoted). */
export type DismissalListener = (inquiry: Inquiry, userId: string) => void;

/** The inquiry service made team-aware, plus the events only shared approvals have. */
export interface SharedApprovals {
  /** Lists, reads and answers for audience members too; answers to shared approvals are votes. */
  inquiries: InquiryService;
  onProgress(listener: ProgressListener): () => void;
  onEscalated(listener: EscalationListener): () => void;
  /** Hears each vote cast on this node, for the audit. */
  onVoted(listener: VoteListener): () => void;
  onDismissed(listener: DismissalListener): () => void;
  /**
   * After `userId`'s membership of `teamId` was removed or changed: takes them out of every
   * pending approval of that team where they now stand lower than its audience put them
   * (their vote struck, their card withdrawn). Votes are checked at vote time anyway; this
   * makes the change visible at once.
   */
  reviewStanding(teamId: string, userId: string): Promise<void>;
  /**
   * Offers a pending shared approval to each `escalate_to` group on time, while nobody has
   * voted: at its policy time, or earlier when the asker's plan says so (early-escalation.ts).
   * For the node holding the call; returns the function that stops the timers. Another node
   * following the same call escalates nothing twice: each step is the store's compare-and-set.
   */
  followEscalations(inquiry: Inquiry): () => void;
  /** Every vote cast on the inquiry, oldest first (for the audit). */
  votesOf(inquiryId: string): Promise<ApprovalVote[]>;
}

/**
 * Wraps the inquiry service so an APPROVAL routed to a team is one inquiry, owned by the
 * requester, that every member of its audience may list and read (viewers included) and
 * that approvers answer by voting (shared-approval-voting.ts). Everything else passes to
 * the wrapped service unchanged; other users' inquiries stay NOT_FOUND. Teams are looked up by
 * id (`lookup`) whenever someone votes or an approval escalates, so only current members
 * with a voting role decide, and only current members are offered an escalated approval.
 */
export function withSharedApprovals(
  inner: InquiryCore,
  deps: {
    store: InquiryStore;
    votes: ApprovalVoteStore;
    lookup: TeamLookup;
    validateArguments: ArgumentsValidator;
    deviceName?: (deviceId: string) => Promise<string | undefined>;
    /** The asker's wish to escalate before the policy's times; absent: the policy's only. */
    earlyEscalation?: EarlyEscalationOf;
    logger: Logger;
    now?: () => Date;
  },
): SharedApprovals {
  const now = deps.now ?? (() => new Date());
  const progressListeners = new Set<ProgressListener>();
  const escalationListeners = new Set<EscalationListener>();
  const dismissalListeners = new Set<DismissalListener>();
  const voteListeners = new Set<VoteListener>();

  async function conflict(inquiry: Inquiry): Promise<HubError> {
    const deviceId = inquiry.resolution?.byDeviceId;
    const name =
      deviceId === undefined ? undefined : await deps.deviceName?.(deviceId).catch(() => undefined);
    return alreadyResolvedError(inquiry, name);
  }

  /**
   * The record if the user owns it or is in its audience by now, with the ballot read to
   * judge the audience (none for the owner, who needs none); NOT_FOUND otherwise.
   */
  async function visible(
    userId: string,
    id: string,
  ): Promise<{ inquiry: Inquiry; ballot?: Ballot }> {
    const inquiry = await deps.store.get(id);
    if (inquiry?.userId === userId) return { inquiry };
    if (inquiry?.sharedApproval !== undefined) {
      const ballot = await deps.votes.ballot(id);
      if (audienceRole(inquiry, userId, ballot.step) !== undefined) return { inquiry, ballot };
    }
    throw new HubError("NOT_FOUND", `inquiry ${id} not found`);
  }

  async function dismiss(inquiry: Inquiry, userId: string): Promise<void> {
    const { ballot, struck } = await deps.votes.dismiss(inquiry.id, userId);
    if (struck) voting.recorded(inquiry, ballot);
    for (const listener of dismissalListeners) listener(inquiry, userId);
  }

  const voting = {
    inner,
    votes: deps.votes,
    read: (id: string) => deps.store.get(id),
    validateArguments: deps.validateArguments,
    conflict,
    now,
    standing: (inquiry: Inquiry, step: number) => judgeStanding(deps.lookup, inquiry, step),
    dismiss,
    recorded(inquiry: Inquiry, ballot: Awaited<ReturnType<ApprovalVoteStore["ballot"]>>) {
      const progress = progressOf(inquiry, ballot);
      const audience = audienceUserIds(inquiry, ballot.step);
      for (const listener of progressListeners) listener(progress, audience);
    },
    voted(inquiry: Inquiry, vote: ApprovalVote, step: number, via: AnswerVia | undefined) {
      for (const listener of voteListeners) listener(inquiry, vote, step, via);
    },
  };

  async function escalate(inquiry: Inquiry, step: number): Promise<void> {
    const judge = await judgeStanding(deps.lookup, inquiry, step);
    const newcomers = newcomersAt(inquiry, step).filter(
      (userId) => judge(userId).role !== undefined,
    );
    if (!(await deps.votes.escalate(inquiry.id, step, newcomers, inquiry.createdAt))) return;
    const current = await deps.store.get(inquiry.id);
    if (current?.status !== "pending") return;
    for (const listener of escalationListeners) listener(current, newcomers, step);
  }

  /** The asker's early escalation; on a failed read, the policy's schedule (logged). */
  async function earlyOf(inquiry: Inquiry): Promise<EarlyEscalation> {
    if (deps.earlyEscalation === undefined) return POLICY_SCHEDULE_ONLY;
    try {
      return await deps.earlyEscalation(inquiry);
    } catch (error) {
      deps.logger.warn(
        { err: error, inquiryId: inquiry.id },
        "reading the asker's early escalation failed; escalating on the policy's schedule",
      );
      return POLICY_SCHEDULE_ONLY;
    }
  }

  /**
   * Offers each step at its time (escalationTimes), one after the other, so a step brought
   * forward never overtakes the one before it; each goes through the store's compare-and-set.
   */
  async function offerOnTime(inquiry: Inquiry, signal: AbortSignal): Promise<void> {
    const times = escalationTimes(inquiry, await earlyOf(inquiry));
    for (const [index, at] of times.entries()) {
      await sleep(Math.max(0, at - now().getTime()), undefined, { signal });
      await escalate(inquiry, index + 1).catch((error: unknown) =>
        deps.logger.error(
          { err: error, inquiryId: inquiry.id, step: index + 1 },
          "escalating a shared approval failed",
        ),
      );
    }
  }

  const { answerRecord, ...unchanged } = inner;
  const inquiries: InquiryService = {
    ...unchanged,

    async create(userId, input) {
      const sharedApproval = input.sharedApproval;
      if (sharedApproval === undefined || input.announce === false)
        return inner.create(userId, input);
      // The first audience's "shared with me" index is written before the approval is announced:
      // an approver's device that connects between the two would otherwise miss it both ways,
      // its room joined after the announcement and its pending list read before the index.
      // An index entry whose inquiry is then refused (a cap) lists nothing: lists read the store.
      const id = input.id ?? randomUUID();
      const first = audienceUserIds({ userId, sharedApproval }, 0).filter(
        (each) => each !== userId,
      );
      await deps.votes.share(id, first, now().toISOString());
      return inner.create(userId, { ...input, id });
    },

    async get(userId, id) {
      return (await visible(userId, id)).inquiry;
    },

    async list(userId, status) {
      const [own, sharedIds] = await Promise.all([
        inner.list(userId, status),
        deps.votes.sharedWith(userId),
      ]);
      const ownIds = new Set(own.map((inquiry) => inquiry.id));
      const shared = await Promise.all(
        sharedIds.filter((id) => !ownIds.has(id)).map((id) => deps.store.get(id)),
      );
      const matching = shared.filter(
        (inquiry): inquiry is Inquiry =>
          inquiry !== undefined && (status === undefined || inquiry.status === status),
      );
      return [...own, ...matching].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    async answer(userId, id, body, deviceId, via, options) {
      const { inquiry, ballot } = await visible(userId, id);
      if (inquiry.sharedApproval === undefined)
        return answerRecord(inquiry, body, deviceId, via, options);
      return castVote(voting, userId, { inquiry, ballot }, body, deviceId, via);
    },
  };

  return {
    inquiries,
    onProgress(listener) {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    onEscalated(listener) {
      escalationListeners.add(listener);
      return () => escalationListeners.delete(listener);
    },
    onVoted(listener) {
      voteListeners.add(listener);
      return () => voteListeners.delete(listener);
    },
    onDismissed(listener) {
      dismissalListeners.add(listener);
      return () => dismissalListeners.delete(listener);
    },
    async reviewStanding(teamId, userId) {
      const pending = await inquiries.list(userId, "pending");
      for (const inquiry of pending) {
        if (!inquiry.sharedApproval?.groups.some((group) => group.teamId === teamId)) continue;
        const { step } = await deps.votes.ballot(inquiry.id);
        const judge = await judgeStanding(deps.lookup, inquiry, step);
        if (rank(judge(userId).role) < rank(audienceRole(inquiry, userId, step)))
          await dismiss(inquiry, userId);
      }
    },
    followEscalations(inquiry) {
      const stop = new AbortController();
      offerOnTime(inquiry, stop.signal).catch((error: unknown) => {
        if (!stop.signal.aborted)
          deps.logger.error({ err: error, inquiryId: inquiry.id }, "following escalations failed");
      });
      return () => stop.abort();
    },
    async votesOf(inquiryId) {
      return (await deps.votes.ballot(inquiryId)).votes;
    },
  };
}
