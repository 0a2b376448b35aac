import type { HubConfig } from "../config/hub-config";
import type { ApprovalScreening } from "../features/approvals/approval-screening";
import { wireApprovalScreening } from "./screening-wiring";
import { auditVotes } from "./audit-votes";
import { wireAudit } from "./audit-wiring";
import { withInquiryAudit } from "./inquiry-audit";
import type { DeviceService } from "../features/accounts/device-service";
import type { ArgumentsValidator, InquiryStore } from "../features/inquiries/ports";
import { createAjvArgumentsValidator } from "../features/inquiries/adapters/ajv-arguments-validator";
import type { HubMetrics } from "../features/inquiries/adapters/hub-metrics";
import { createIdempotentInquiries } from "../features/inquiries/idempotent-inquiries";
import type { IdempotentInquiries } from "../features/inquiries/idempotent-inquiries";
import { createInquiryService } from "../features/inquiries/inquiry-service";
import type { InquiryService } from "../features/inquiries/inquiry-service";
import { startPendingSweeper } from "../features/inquiries/pending-sweeper";
import type { PendingSweeper } from "../features/inquiries/pending-sweeper";
import { withRateLimits } from "../features/inquiries/rate-limited-inquiries";
import type { YoloGate } from "../features/inquiries/yolo-inquiries";
import { createSettingsService } from "../features/settings/settings-service";
import type { SettingsService } from "../features/settings/settings-service";
import { countRejections } from "../platform/metrics/count-rejections";
import type { HubDeps } from "./hub-deps";
import { createTeams } from "./team-wiring";
import type { Teams } from "./team-wiring";

/** The inquiry service every transport shares, and what is built around it. */
export interface Inquiries {
  /** Team-aware and rate-limited: the one every transport calls. */
  inquiries: InquiryService;
  /** The store, counted: read directly where a part needs any inquiry by id. */
  store: InquiryStore;
  teams: Teams;
  /** Repeats of a call (with or without an idempotency key) land on the same question. */
  idempotent: IdempotentInquiries;
  settings: SettingsService;
  /** Whether a person's YOLO setting (and the session's override) answers for them. */
  yolo: YoloGate;
  validateArguments: ArgumentsValidator;
  /** What runs between "gated" and "ask": risk labels, the person's rules, batches. */
  screening: ApprovalScreening;
  /** Times out questions left open by a restart or a dead node; none in memory. */
  sweeper: PendingSweeper | undefined;
}

/**
 * Wires the inquiry service with teams, rate limits, settings (YOLO), repeats and the sweeper;
 * each question's end and each team vote go to the audit.
 */
export function wireInquiries(
  config: HubConfig,
  deps: HubDeps,
  devices: DeviceService,
  metrics: HubMetrics,
): Inquiries {
  const { logger } = deps;
  const audit = wireAudit(config, { stores: deps, logger });
  const store = withInquiryAudit(
    countRejections(
      deps.inquiryStore,
      ["insert", "get", "listByUser", "resolve"],
      metrics.storeFailed,
    ),
    audit,
    { fullArguments: config.auditFullArguments },
  );
  const deviceName = (deviceId: string) => devices.nameOf(deviceId);
  const validateArguments = createAjvArgumentsValidator();
  const timing = {
    defaultTimeoutMs: config.inquiryTimeoutSeconds * 1000,
    timeoutGraceMs: config.timeoutGraceSeconds * 1000,
  };
  const unlimited = createInquiryService(
    {
      store,
      bus: deps.eventBus,
      deviceName,
      validateArguments,
      logger,
      metrics: metrics.inquiries,
      tracing: deps.tracing,
    },
    {
      ...timing,
      extension: {
        stepMs: config.extendStepSeconds * 1000,
        maxLifetimeMs: config.extendMaxSeconds * 1000,
      },
      pendingCaps: {
        perUser: config.pendingInquiriesPerUser,
        perCredential: config.pendingInquiriesPerCredential,
      },
      keepPendingOnShutdown: config.store === "embedded",
    },
  );
  const settings = createSettingsService({ store: deps.settingsStore });
  const teams = createTeams(
    config,
    {
      inquiries: unlimited,
      store,
      users: deps.userStore,
      settings,
      validateArguments,
      deviceName,
      logger,
    },
    deps,
  );
  auditVotes(teams, audit);
  const inquiries = withRateLimits(teams.inquiries, deps.attemptLimiters, config.rateLimits);
  const pendingIndex = deps.cluster?.pendingIndex ?? deps.pendingIndex;
  return {
    inquiries,
    store,
    teams,
    idempotent: createIdempotentInquiries(
      { inquiries, index: deps.idempotencyIndex, marks: deps.deliveryMarks },
      { ...timing, deliveryConfirmMs: config.deliveryConfirmSeconds * 1000 },
    ),
    settings,
    yolo: async (userId, sessionOverride) =>
      sessionOverride !== false && (await settings.isYoloOn(userId)),
    validateArguments,
    screening: wireApprovalScreening(config, deps),
    sweeper:
      pendingIndex === undefined
        ? undefined
        : startPendingSweeper(
            { inquiries, index: pendingIndex, logger },
            {
              intervalMs: (config.nodeLeaseSeconds * 1000) / 3,
              timeoutGraceMs: timing.timeoutGraceMs,
            },
          ),
  };
}
