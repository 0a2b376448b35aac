import type { AnswerBody, Inquiry } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import type { CreateInquiryInput, InquiryService } from "./inquiry-service";

/**
 * Who calls a task method: the user and the exact credential (device or agent key) that
 * authenticated the request. A task belongs to the credential whose call created it.
 */
export interface TaskCaller {
  userId: string;
  credentialId: string;
}

/**
 * Inquiries run as client-polled tasks (the MCP Tasks extension). Every read and write goes
 * to the shared store through {@link InquiryService}, so any hub node answers for any task,
 * and a client that restarted finds its task again by id. Tasks are bound to the credential
 * that opened them: anyone else, the same user on another credential included, gets the
 * same NOT_FOUND as for an id that never existed, so no existence leaks.
 */
export interface InquiryTasks {
  /** Stores the inquiry (durable before this resolves) and announces it to every device. */
  open(caller: TaskCaller, input: CreateInquiryInput): Promise<Inquiry>;
  /** The caller's task inquiry, pending or final; NOT_FOUND otherwise. */
  read(caller: TaskCaller, inquiryId: string): Promise<Inquiry>;
  /**
   * The client's own answer, one more contestant in first-answer-wins: validated and resolved
   * exactly like a device's answer, recorded as given by the caller's credential. An answer
   * that lost the race is not an error: the stored final inquiry is returned with `applied:
   * false`. An invalid answer to a pending inquiry throws BAD_REQUEST and changes nothing.
   * An APPROVAL is refused (FORBIDDEN) whatever its state: the client that asked for an
   * approval (a gated call, request_approval) must never decide it, not even to reject it.
   */
  answer(
    caller: TaskCaller,
    inquiryId: string,
    body: AnswerBody,
  ): Promise<{ applied: boolean; inquiry: Inquiry }>;
  /** Withdraws a pending inquiry `cancelled` everywhere; a final one stays as it is. */
  cancel(caller: TaskCaller, inquiryId: string): Promise<Inquiry>;
  /**
   * The caller's task inquiry once it is final, from whichever device or node resolved it
   * (NOT_FOUND at once for anyone else's). Waiting changes nothing: a waiter that goes away
   * leaves the question open.
   */
  settled(caller: TaskCaller, inquiryId: string): Promise<Inquiry>;
}

/** Why a task client's answer to an APPROVAL is refused. */
export const SELF_APPROVAL_REFUSED =
  "an approval is decided by the person on their devices; the MCP client that asked for it cannot decide it";

/**
 * Whether the caller may follow this inquiry as a task: the user's inquiry asked by the
 * caller's own credential. A keyed call whose key another credential of the user used first
 * gets that credential's inquiry, which is not this caller's task.
 */
export function isTaskOf(caller: TaskCaller, inquiry: Inquiry): boolean {
  return inquiry.userId === caller.userId && inquiry.askedByCredentialId === caller.credentialId;
}

/** Builds the task operations over the one service that changes inquiries. */
export function createInquiryTasks(inquiries: InquiryService): InquiryTasks {
  async function read(caller: TaskCaller, inquiryId: string): Promise<Inquiry> {
    const inquiry = await inquiries.get(caller.userId, inquiryId);
    if (!isTaskOf(caller, inquiry))
      throw new HubError("NOT_FOUND", `inquiry ${inquiryId} not found`);
    return inquiry;
  }

  return {
    open: (caller, input) =>
      inquiries.create(caller.userId, { ...input, askedByCredentialId: caller.credentialId }),

    read,

    async answer(caller, inquiryId, body) {
      const current = await read(caller, inquiryId);
      if (current.type === "APPROVAL") throw new HubError("FORBIDDEN", SELF_APPROVAL_REFUSED);
      if (current.status !== "pending") return { applied: false, inquiry: current };
      try {
        const inquiry = await inquiries.answer(caller.userId, inquiryId, body, caller.credentialId);
        return { applied: true, inquiry };
      } catch (error) {
        if (error instanceof HubError && error.code === "CONFLICT")
          return { applied: false, inquiry: await read(caller, inquiryId) };
        throw error;
      }
    },

    async cancel(caller, inquiryId) {
      const current = await read(caller, inquiryId);
      return current.status === "pending" ? inquiries.cancel(inquiryId) : current;
    },

    async settled(caller, inquiryId) {
      const current = await read(caller, inquiryId);
      return current.status === "pending" ? inquiries.waitForResolution(inquiryId) : current;
    },
  };
}
