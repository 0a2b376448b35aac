import { z } from "zod";
import { DEFAULT_HUB_CONFIG } from "./hub-config";
import type { HubConfig } from "./hub-config";
import { secondsUpTo } from "./env-fields";

/** Batches of approvals: how long a credential's batch stays open, how long its push waits. */
export const BatchEnvSchema = z.object({
  HUB_APPROVAL_BATCH_WINDOW_SECONDS: secondsUpTo(
    60,
    DEFAULT_HUB_CONFIG.approvalBatchWindowSeconds,
  ).meta({
    description:
      "Approvals an agent credential asks for within this many seconds of its previous one join that one's batch (a sliding window), decided together with Approve all; calls naming a run (a proxy session, `request_approval`'s `run_id`) join their run's batch instead.",
  }),
  HUB_APPROVAL_BATCH_PUSH_SECONDS: secondsUpTo(
    30,
    DEFAULT_HUB_CONFIG.approvalBatchPushSeconds,
  ).meta({
    description:
      "How long a batch's approvals gather before their one Web Push notification goes out: one alone, or one grouped notification for the batch.",
  }),
});

type BatchEnv = z.infer<typeof BatchEnvSchema>;

/** The batch settings of the hub's config. */
export function batchSettings(
  env: BatchEnv,
): Pick<HubConfig, "approvalBatchWindowSeconds" | "approvalBatchPushSeconds"> {
  return {
    approvalBatchWindowSeconds: env.HUB_APPROVAL_BATCH_WINDOW_SECONDS,
    approvalBatchPushSeconds: env.HUB_APPROVAL_BATCH_PUSH_SECONDS,
  };
}
