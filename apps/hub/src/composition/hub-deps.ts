import type { DeviceAttention } from "../features/accounts/device-attention";
import type { Server } from "node:http";
import type { Logger } from "@inquiry-hub/logging";
import type { ServerOptions } from "socket.io";
import type { AuditSink } from "../features/approvals/audit-log";
import type { InquiryService } from "../features/inquiries/inquiry-service";
import type { InquiryTracing } from "../features/inquiries/inquiry-tracing";
import type { InquiryEventBus, PendingIndex } from "../features/inquiries/ports";
import type { PushSender, WebhookPoster } from "../features/notifications/ports";
import type { AttemptLimiterFactory } from "../kernel/ports";
import type { NodeReadiness } from "../platform/http/readiness-route";
import type { ChannelStores, HubStores } from "./stores/hub-stores";

/** What reaches the person outside a live socket: Web Push and the webhook channel. */
export interface ChannelSenders {
  pushSender: PushSender;
  webhookPoster: WebhookPoster;
}

/**
 * What several nodes sharing one store need besides the stores: a view of every node's
 * pending inquiries for the sweeper (timeouts and dead holders) and a Socket.IO adapter so
 * revocations and presence queries reach sockets on other nodes. Presence then comes from
 * the Socket.IO rooms across nodes.
 */
export interface HubClusterDeps {
  pendingIndex: PendingIndex;
  socketAdapter: NonNullable<ServerOptions["adapter"]>;
  /** Whether this node can serve now (`GET /api/ready`); a single node always can. */
  readiness(): NodeReadiness;
}

/**
 * Every replaceable part of a hub node: its stores (one set, see stores/hub-stores.ts) and
 * the services around them. `completeHubDeps` (default-deps.ts) fills in what a caller leaves
 * out, so this list is also where each default is described.
 */
export interface HubDeps extends HubStores {
  /** Inquiry events between the parts of a node and, on Redis, between nodes. */
  eventBus: InquiryEventBus;
  /** Where rate limits count attempts: this process by default, Redis across nodes. */
  attemptLimiters: AttemptLimiterFactory;
  /** Where approval decisions are recorded; one JSON line per decision on stdout by default. */
  approvalAudit: AuditSink;
  /**
   * Where every part of the hub logs: by default the service logger of @inquiry-hub/logging
   * (JSON lines on stdout, LOG_LEVEL). Tests pass a silent or capturing one.
   */
  logger: Logger;
  channelSenders: ChannelSenders;
  /** The multi-node parts (e.g. from createRedisInfra); absent on a single node. */
  cluster: HubClusterDeps | undefined;
  /** Epoch ms by which `requestState`s are sealed and checked; Date.now by default (tests move it). */
  requestStateClock: () => number;
  /** Epoch ms by which the daily digest's schedule tells the hour; Date.now by default (tests move it a day on). */
  digestClock: () => number;
  /** Where inquiry spans go (OpenTelemetry, see createOtelInquiryTracing); nothing by default. */
  tracing: InquiryTracing;
}

/**
 * What a caller of `createHub` may replace: any part, and any of the channel stores alone
 * (a test swapping the webhook configs keeps the rest in memory).
 */
export type HubOverrides = Partial<Omit<HubDeps, "channelStores">> & {
  channelStores?: Partial<ChannelStores>;
};

/** A composed hub. `httpServer` is not listening until `listen()` (or your own `listen`). */
export interface Hub {
  httpServer: Server;
  /** The service every transport shares; for in-process tests and future transports. */
  inquiries: InquiryService;
  eventBus: InquiryEventBus;
  /** Which devices are in front of their person now (their latest `presence:report`). */
  attention: DeviceAttention;
  /** Listens on config.port/host (0 = any free port) and resolves with the base URL. */
  listen(): Promise<URL>;
  /** The separate `/metrics` listener's base URL once `listen()` resolved (METRICS_PORT). */
  metricsUrl(): URL | undefined;
  /** Cancels in-flight MCP calls, stops timers, closes every connection and the server. Idempotent. */
  close(): Promise<void>;
}
