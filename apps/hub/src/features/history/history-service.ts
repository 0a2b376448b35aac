import { MAX_HISTORY_EXPORT_ROWS } from "@inquiry-hub/protocol";
import type {
  ApprovalVote,
  DeliveryAttempt,
  DeliveryReceipt,
  HistoryDetail,
  HistoryExportRecord,
  HistoryFilter,
  HistoryPage,
  HistoryQuery,
  Inquiry,
} from "@inquiry-hub/protocol";
import type { DeliveryLog } from "./ports";
import type { AuditTrail } from "../inquiries/audit-trail";
import type { InquiryService } from "../inquiries/inquiry-service";
import { decidingDeviceId } from "./history-decision";
import { matchesHistoryFilter } from "./history-filter";
import { toExportRecord, toHistoryItem } from "./history-records";

/** How many recent delivery attempts a list page looks through for failure counts. */
const RECENT_DELIVERIES = 1_000;

/** The person's record of what agents asked and how each question ended. */
export interface HistoryService {
  /**
   * One page of the user's inquiries matching the query's filters, newest first. Filters run
   * over what the store lists for the user, so they reach back as far as its retention
   * (`HUB_HISTORY_TTL_SECONDS`, and `HUB_MEMORY_HISTORY_PER_USER` records in memory).
   */
  list(userId: string, query: HistoryQuery): Promise<HistoryPage>;
  /**
   * The audit records of the user's inquiries matching `filter`, newest first, at most
   * `MAX_HISTORY_EXPORT_ROWS` (the newest ones); an approval's arguments, edited arguments
   * and question redacted unless `fullArguments`.
   */
  exportRecords(userId: string, filter: HistoryFilter): Promise<HistoryExportRecord[]>;
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
  /** Delivery receipts of the listed inquiries; none without. */
  receipts?: { list(ids: readonly string[]): Promise<Map<string, DeliveryReceipt[]>> };
  deviceName: (deviceId: string) => Promise<string | undefined>;
  /** Every vote on a shared approval, oldest first; absent without teams. */
  votesOf?: (inquiryId: string) => Promise<ApprovalVote[]>;
  username?: (userId: string) => Promise<string | undefined>;
  /** The audit policy (`HUB_AUDIT_FULL_ARGUMENTS`): exports carry full tool arguments. */
  fullArguments?: boolean;
}): HistoryService {
  async function nameOf(deviceId: string | null): Promise<string | null> {
    return deviceId === null ? null : ((await deps.deviceName(deviceId)) ?? null);
  }

  /**
   * The user's inquiries passing `filter`, newest first. Device names are looked up (once per
   * device) only when the `device` filter needs them.
   */
  async function matching(userId: string, filter: HistoryFilter): Promise<Inquiry[]> {
    const all = await deps.inquiries.list(userId, filter.status);
    if (filter.device === undefined)
      return all.filter((inquiry) => matchesHistoryFilter(inquiry, filter, null));
    const names = new Map<string, Promise<string | null>>();
    const nameOnce = (deviceId: string | null) => {
      if (deviceId === null) return Promise.resolve(null);
      const known = names.get(deviceId) ?? nameOf(deviceId);
      names.set(deviceId, known);
      return known;
    };
    const resolvedBy = await Promise.all(all.map((inquiry) => nameOnce(decidingDeviceId(inquiry))));
    return all.filter((inquiry, index) =>
      matchesHistoryFilter(inquiry, filter, resolvedBy[index] ?? null),
    );
  }

  function receiptsOf(inquiries: readonly Inquiry[]): Promise<Map<string, DeliveryReceipt[]>> {
    const none = new Map<string, DeliveryReceipt[]>();
    return deps.receipts?.list(inquiries.map((inquiry) => inquiry.id)) ?? Promise.resolve(none);
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
      const all = await matching(userId, query);
      const before = query.before;
      const older = before === undefined ? all : all.filter((each) => each.createdAt < before);
      const page = older.slice(0, query.limit);
      const [recent, receipts] = await Promise.all([
        deps.deliveries.recent(userId, RECENT_DELIVERIES),
        receiptsOf(page),
      ]);
      const failures = countFailures(recent);
      const items = await Promise.all(
        page.map((inquiry) =>
          toHistoryItem(inquiry, nameOf, failures.get(inquiry.id) ?? 0, receipts.get(inquiry.id)),
        ),
      );
      const last = page.at(-1);
      return older.length > page.length && last !== undefined
        ? { items, nextBefore: last.createdAt }
        : { items };
    },

    async exportRecords(userId, filter) {
      const newest = (await matching(userId, filter)).slice(0, MAX_HISTORY_EXPORT_ROWS);
      return Promise.all(
        newest.map((inquiry) => toExportRecord(inquiry, nameOf, deps.fullArguments === true)),
      );
    },

    async detail(userId, inquiryId) {
      const inquiry = await deps.inquiries.get(userId, inquiryId);
      const [trail, recent, receipts] = await Promise.all([
        deps.audit.forInquiry(userId, inquiryId),
        deps.deliveries.recent(userId, RECENT_DELIVERIES),
        receiptsOf([inquiry]),
      ]);
      const deliveries = recent.filter((attempt) => attempt.inquiryId === inquiryId).reverse();
      const audit = await Promise.all(
        trail.map(async (entry) => {
          // A timeout is nobody's decision, even when a device's countdown reported it.
          const byDeviceId = entry.to === "timeout" ? null : entry.byDeviceId;
          return {
            from: entry.from,
            to: entry.to,
            byDeviceId,
            byDeviceName: await nameOf(byDeviceId),
            at: entry.at,
          };
        }),
      );
      const votes = await votesOf(inquiry);
      return {
        item: await toHistoryItem(
          inquiry,
          nameOf,
          countFailures(deliveries).get(inquiryId) ?? 0,
          receipts.get(inquiryId),
        ),
        audit,
        deliveries,
        ...(votes === undefined ? {} : { votes }),
      };
    },
  };
}
