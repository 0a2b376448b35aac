import type {
  ApprovalVote,
  DeliveryAttempt,
  HistoryDetail,
  HistoryItem,
  HistoryPage,
  HistoryQuery,
  Inquiry,
} from "@inquiry-hub/protocol";
import type { AuditTrail, DeliveryLog } from "./ports";
import type { InquiryService } from "../inquiries/inquiry-service";

/** How many recent delivery attempts a list page looks through for failure counts. */
const RECENT_DELIVERIES = 1_000;

/** The person's record of what agents asked and how each question ended. */
export interface HistoryService {
  /** One page of the user's inquiries, newest first. */
  list(userId: string, query: HistoryQuery): Promise<HistoryPage>;
  /** One inquiry with its audit trail and deliveries; NOT_FOUND for unknown or foreign ids. */
  detail(userId: string, inquiryId: string): Promise<HistoryDetail>;
}

/**
 * Reads history from the store (through the inquiry service, which enforces ownership), the
 * audit trail and the delivery log. `deviceName` resolves device ids, revoked ones and
 * pseudo-devices (a webhook link) included, at read time; `votesOf` adds each person's
 * vote to the detail of a shared (team) approval, names resolved the same way.
 */
export function createHistoryService(deps: {
  inquiries: InquiryService;
  audit: AuditTrail;
  deliveries: DeliveryLog;
  deviceName: (deviceId: string) => Promise<string | undefined>;
  /** Every vote on a shared approval, oldest first; absent without teams. */
  votesOf?: (inquiryId: string) => Promise<ApprovalVote[]>;
  username?: (userId: string) => Promise<string | undefined>;
}): HistoryService {
  async function nameOf(deviceId: string | null): Promise<string | null> {
    return deviceId === null ? null : ((await deps.deviceName(deviceId)) ?? null);
  }

  async function toItem(inquiry: Inquiry, failedDeliveries: number): Promise<HistoryItem> {
    const resolution = inquiry.resolution;
    const byDeviceId = resolution?.byDeviceId ?? null;
    const resolvedAt = resolution?.resolvedAt ?? null;
    return {
      id: inquiry.id,
      type: inquiry.type,
      question: inquiry.question,
      status: inquiry.status,
      ...(resolution?.response === undefined ? {} : { response: resolution.response }),
      ...(resolution?.values === undefined ? {} : { values: resolution.values }),
      ...(resolution?.reason === undefined ? {} : { reason: resolution.reason }),
      byDeviceId,
      byDeviceName: await nameOf(byDeviceId),
      createdAt: inquiry.createdAt,
      resolvedAt,
      durationMs:
        resolvedAt === null
          ? null
          : Math.max(0, Date.parse(resolvedAt) - Date.parse(inquiry.createdAt)),
      ...(inquiry.approval === undefined
        ? {}
        : {
            approval: {
              upstream: inquiry.approval.upstream,
              tool: inquiry.approval.tool,
              ...(inquiry.approval.runId === undefined ? {} : { runId: inquiry.approval.runId }),
            },
          }),
      failedDeliveries,
    };
  }

  async function votesOf(inquiry: Inquiry): Promise<HistoryDetail["votes"]> {
    if (inquiry.sharedApproval === undefined || deps.votesOf === undefined) return undefined;
    return Promise.all(
      (await deps.votesOf(inquiry.id)).map(async (vote) => {
        const [username, deviceName] = await Promise.all([
          deps.username?.(vote.userId),
          deps.deviceName(vote.deviceId),
        ]);
        return {
          ...vote,
          ...(username === undefined ? {} : { username }),
          ...(deviceName === undefined ? {} : { deviceName }),
        };
      }),
    );
  }

  function countFailures(attempts: DeliveryAttempt[]): Map<string, number> {
    const counts = new Map<string, number>();
    for (const attempt of attempts) {
      if (attempt.final && !attempt.ok)
        counts.set(attempt.inquiryId, (counts.get(attempt.inquiryId) ?? 0) + 1);
    }
    return counts;
  }

  return {
    async list(userId, query) {
      const all = await deps.inquiries.list(userId, query.status);
      const before = query.before;
      const older = before === undefined ? all : all.filter((each) => each.createdAt < before);
      const page = older.slice(0, query.limit);
      const failures = countFailures(await deps.deliveries.recent(userId, RECENT_DELIVERIES));
      const items = await Promise.all(
        page.map((inquiry) => toItem(inquiry, failures.get(inquiry.id) ?? 0)),
      );
      const last = page.at(-1);
      return older.length > page.length && last !== undefined
        ? { items, nextBefore: last.createdAt }
        : { items };
    },

    async detail(userId, inquiryId) {
      const inquiry = await deps.inquiries.get(userId, inquiryId);
      const [trail, recent] = await Promise.all([
        deps.audit.forInquiry(userId, inquiryId),
        deps.deliveries.recent(userId, RECENT_DELIVERIES),
      ]);
      const deliveries = recent.filter((attempt) => attempt.inquiryId === inquiryId).reverse();
      const audit = await Promise.all(
        trail.map(async (entry) => ({
          from: entry.from,
          to: entry.to,
          byDeviceId: entry.byDeviceId,
          byDeviceName: await nameOf(entry.byDeviceId),
          at: entry.at,
        })),
      );
      const votes = await votesOf(inquiry);
      return {
        item: await toItem(inquiry, countFailures(deliveries).get(inquiryId) ?? 0),
        audit,
        deliveries,
        ...(votes === undefined ? {} : { votes }),
      };
    },
  };
}
