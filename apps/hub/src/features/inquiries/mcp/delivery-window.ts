import type { ServerContext } from "@modelcontextprotocol/server";
import type { Delivery } from "../kept-deliveries";
import type { Logger } from "../../../kernel/ports";
import type { LateCancels } from "../../../platform/mcp/late-cancels";

/**
 * Settles `delivery` of the result the call `ctx` is about to return; call it just before
 * returning. The result is lost when the call's client cancelled it, before the result went
 * out (the SDK then sends nothing) or after (a client whose request timeout fired as the
 * result was on its way: it discarded the result, and its cancel arrives behind it), or when
 * the call's carrier closed under it (the SDK aborts the call then). It counts as delivered
 * once the confirm window passed without any of these. Where no late cancel can be heard
 * (`cancels` absent: a 2026-07-28 request, whose client gives up by closing its exchange),
 * it settles at once: lost only if the call is aborted already (its server is closed with
 * the exchange once the result went out, which aborts the call too, so any later abort says
 * nothing).
 */
export function confirmDelivery(
  delivery: Delivery,
  ctx: ServerContext,
  cancels: LateCancels | undefined,
  logger: Logger,
): void {
  const { signal, id } = ctx.mcpReq;
  const failed = (error: unknown): void => {
    logger.warn({ err: error, requestId: id }, "settling a delivered answer failed");
  };
  if (cancels === undefined) {
    delivery.settle(signal.aborted).catch(failed);
    return;
  }
  let settled = false;
  function settle(lost: boolean): void {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    stopListening();
    signal.removeEventListener("abort", cancelled);
    delivery.settle(lost).catch(failed);
  }
  function cancelled(): void {
    settle(true);
  }
  const stopListening = cancels.onCancel(id, cancelled);
  const timer = setTimeout(() => settle(signal.aborted), delivery.confirmWindowMs);
  // A hub shutting down need not wait: an unsettled mark expires and leaves the answer kept.
  timer.unref();
  signal.addEventListener("abort", cancelled, { once: true });
  if (signal.aborted) settle(true);
}
