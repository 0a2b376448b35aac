import type { DigestSetting } from "@inquiry-hub/protocol";
import type { Logger } from "../../kernel/ports";
import { retryWithBackoff } from "../../kernel/retry";
import type { DeliveryClaims, WebhookConfigStore, WebhookPoster } from "../notifications/ports";
import type { PushDelivery } from "../notifications/push-delivery";
import { digestMessage } from "../notifications/webhook-messages";
import { digestLine } from "./digest-line";
import type { DigestService } from "./digest-service";
import { dayBefore, wallClock } from "./zoned-day";

/** What the daily digest post reads and sends through. */
export interface DigestPostDeps {
  digests: DigestService;
  /** The users with the daily digest on (the settings store's index). */
  digestUsers: () => Promise<string[]>;
  /** A user's digest setting as now saved (the index may be a moment behind it). */
  settingOf: (userId: string) => Promise<DigestSetting | undefined>;
  claims: DeliveryClaims;
  push: PushDelivery;
  webhookConfigs: WebhookConfigStore;
  poster: WebhookPoster;
  retry: { attempts: number; baseDelayMs: number };
  tickMs: number;
  logger: Logger;
  now?: () => number;
}

/**
 * Posts each person's digest of yesterday once a day, at their hour in their time zone: a Web
 * Push to every subscribed device and a message to their webhook. One tick per node looks at
 * the people with the digest on; the claim `<userId>@<local date>` lets exactly one node of
 * the cluster post it, on any tick from the hour to that day's end, so a node that was down
 * at the hour still posts a digest nobody claimed. A tick still running skips the next one.
 * Returns the stop.
 */
export function startDigestPosts(deps: DigestPostDeps): () => void {
  const now = deps.now ?? Date.now;
  const { logger } = deps;

  async function post(userId: string, setting: DigestSetting, today: string): Promise<void> {
    if (!(await deps.claims.claimAnnouncement("digest", `${userId}@${today}`))) return;
    const digest = await deps.digests.forDay(userId, {
      day: dayBefore(today),
      timeZone: setting.timeZone,
    });
    const text = digestLine(digest);
    const config = await deps.webhookConfigs.get(userId);
    const [, posted] = await Promise.all([
      deps.push.pushToUser(userId, { type: "digest:daily", day: digest.day, text, link: digest.link }),
      config === undefined
        ? undefined
        : retryWithBackoff(
            () =>
              deps.poster.post(config.url, digestMessage(config.kind, digest.day, text, digest.link)),
            deps.retry,
          ),
    ]);
    if (posted?.ok === false)
      logger.warn({ userId, error: posted.error }, "daily digest webhook post failed");
  }

  async function tick(): Promise<void> {
    for (const userId of await deps.digestUsers()) {
      const setting = await deps.settingOf(userId);
      if (setting?.daily !== true) continue;
      const clock = wallClock(now(), setting.timeZone);
      if (clock.hour < setting.hour) continue;
      await post(userId, setting, clock.day).catch((error: unknown) =>
        logger.error({ err: error, userId }, "daily digest post failed"),
      );
    }
  }

  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tick()
      .catch((error: unknown) => logger.error({ err: error }, "daily digest tick failed"))
      .finally(() => {
        running = false;
      });
  }, deps.tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
