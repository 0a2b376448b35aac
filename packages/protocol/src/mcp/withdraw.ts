/**
 * The `reason` of an MCP `notifications/cancelled` by which an agent withdraws its question on
 * purpose. Every other cancel (a client's request timeout, a dropped connection, a closing
 * process) only detaches the call: the question stays open on the person's devices and a
 * repeat of the call re-attaches to it. With the official SDKs the reason is the abort reason:
 *
 * @example
 * const stop = new AbortController();
 * const call = client.callTool({ name: "send_inquiry", arguments }, { signal: stop.signal });
 * stop.abort(WITHDRAW_REASON); // the card disappears from every device
 */
export const WITHDRAW_REASON = "io.inquiry-hub/withdraw";

/** Whether a cancel's reason is the agent's deliberate withdrawal (see WITHDRAW_REASON). */
export function isWithdrawReason(reason: unknown): boolean {
  return reason === WITHDRAW_REASON;
}
