import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { auditChild, createLogger } from "@inquiry-hub/logging";
import type { Logger } from "@inquiry-hub/logging";
import { exposeMetrics } from "@inquiry-hub/telemetry";
import cors from "cors";
import express from "express";
import type { ServerOptions } from "socket.io";
import type { HubConfig } from "../config/hub-config";
import { createAgentCredentialService } from "../features/accounts/agent-credential-service";
import { createAuthService } from "../features/accounts/auth-service";
import type { IdempotencyIndex, PendingIndex } from "../features/inquiries/ports";
import type { ToolDefinitionPins, UsedRequestStates } from "../features/approvals/ports";
import { createRequestStates } from "../features/approvals/request-state";
import { createMemoryUsedRequestStates } from "../features/approvals/stores/memory-used-request-states";
import { createMemoryToolDefinitionPins } from "../features/approvals/stores/memory-tool-definition-pins";
import { withEphemeralSecrets } from "./channel-secrets";
import { createIdempotentInquiries } from "../features/inquiries/idempotent-inquiries";
import { createForwardOnce } from "../features/approvals/forward-once";
import type { StreamEventLog } from "../platform/mcp/streams/ports";
import { streamEventLogLimits } from "../platform/mcp/streams/stream-limits";
import { createMemoryStreamEventLog } from "../platform/mcp/streams/memory-stream-event-log";
import { createMemoryIdempotencyIndex } from "../features/inquiries/stores/memory-idempotency-index";
import type { AttemptLimiterFactory } from "../kernel/ports";
import type { DevicePresence, DeviceStore } from "../features/accounts/ports";
import type { OneTimeSecretStore } from "../kernel/ports";
import { createDeviceService } from "../features/accounts/device-service";
import { createLoginThrottle } from "../features/accounts/login-throttle";
import { createInquiryService } from "../features/inquiries/inquiry-service";
import type { InquiryService } from "../features/inquiries/inquiry-service";
import { createPairingService } from "../features/accounts/pairing-service";
import { startPendingSweeper } from "../features/inquiries/pending-sweeper";
import type { PairingGrant } from "../features/accounts/pairing-service";
import type { InquiryEventBus, InquiryStore } from "../features/inquiries/ports";
import type { TokenStore, UserStore } from "../features/accounts/ports";
import { withRateLimits } from "../features/inquiries/rate-limited-inquiries";
import { createHeldCalls } from "../platform/mcp/held-calls";
import { createSocketTicketService } from "../features/accounts/socket-ticket-service";
import { createLocalEventBus } from "../features/inquiries/adapters/local-event-bus";
import { createMemoryDevicePresence } from "../features/accounts/stores/memory-device-presence";
import { createMemoryDeviceStore } from "../features/accounts/stores/memory-device-store";
import { createMemoryInquiryStore } from "../features/inquiries/stores/memory-inquiry-store";
import { createMemoryOneTimeSecretStore } from "../platform/memory/memory-one-time-secret-store";
import { createMemoryTokenStore, createMemoryUserStore } from "../features/accounts/stores/memory-user-store";
import { createMemoryAttemptLimiters } from "../platform/rate-limit/attempt-limiters";
import { createAjvArgumentsValidator } from "../features/inquiries/adapters/ajv-arguments-validator";
import { createApprovalProxies } from "../features/approvals/proxy/approval-proxies";
import { createLogAuditSink } from "../features/approvals/audit-log";
import type { AuditSink } from "../features/approvals/audit-log";
import { createAgentCredentialRoutes } from "../features/accounts/http/agent-credential-routes";
import { createReadinessHandler } from "../platform/http/readiness-route";
import type { NodeReadiness } from "../platform/http/readiness-route";
import { createAuthRoutes } from "../features/accounts/http/auth-routes";
import { createAuthenticate } from "../features/accounts/http/authenticate";
import { createDeviceRoutes } from "../features/accounts/http/device-routes";
import { createErrorHandler, notFoundHandler } from "../platform/http/error-response";
import { createInquiryRoutes } from "../features/inquiries/http/inquiry-routes";
import { createPairingRoutes } from "../features/accounts/http/pairing-routes";
import { limitAttempts } from "../features/accounts/http/rate-limit";
import { securityHeaders } from "../platform/http/security-headers";
import { createMcpGuards } from "../platform/mcp/mcp-guards";
import { createInquiryTasks } from "../features/inquiries/inquiry-tasks";
import { withdrawAskedBy } from "../features/inquiries/withdraw-asked-by";
import { createMcpSessions } from "../features/agent-mcp/mcp/mcp-sessions";
import { createMcpEndpoint } from "../features/agent-mcp/mcp/mcp-endpoint";
import { createModernMcpServerFactory } from "../features/agent-mcp/mcp/modern-mcp-server";
import { createOpenAiAnswerDrafter } from "../features/inquiries/adapters/openai-answer-drafter";
import { createMemorySettingsStore } from "../features/settings/stores/memory-settings-store";
import { createSettingsService } from "../features/settings/settings-service";
import type { SettingsStore } from "../features/settings/ports";
import type { YoloGate } from "../features/inquiries/yolo-inquiries";
import { createSettingsRoutes } from "../features/settings/http/settings-routes";
import { startSettingsFanOut } from "../features/settings/socket/settings-fan-out";
import { createConversationService } from "../features/conversations/conversation-service";
import type { ConversationStore } from "../features/conversations/ports";
import { createMemoryConversationStore } from "../features/conversations/stores/memory-conversation-store";
import { createConversationRoutes } from "../features/conversations/http/conversation-routes";
import { startConversationFanOut } from "../features/conversations/socket/conversation-fan-out";
import { startExpiryWarnings } from "../features/notifications/expiry-warnings";
import { startExpiryWarningFanOut } from "../features/notifications/socket/expiry-warning-fan-out";
import { createRoomPresence } from "../features/accounts/socket/room-presence";
import { createChannels } from "./channel-wiring";
import type { ChannelDeps } from "./channel-wiring";
import { attachSocketLayer } from "./socket-server";
import { createTeams } from "./team-wiring";
import { refuseMetrics } from "../platform/http/refuse-metrics";
import { countRejections } from "../platform/metrics/count-rejections";
import { createHubMetrics } from "../features/inquiries/adapters/hub-metrics";
import { NO_INQUIRY_TRACING } from "../features/inquiries/inquiry-tracing";
import type { InquiryTracing } from "../features/inquiries/inquiry-tracing";
import type { TeamDeps } from "./team-wiring";

/** Replaceable infrastructure; each defaults to the in-memory, single-node version. */
export interface HubDeps extends TeamDeps {
  inquiryStore: InquiryStore;
  userStore: UserStore;
  tokenStore: TokenStore;
  eventBus: InquiryEventBus;
  deviceStore: DeviceStore;
  devicePresence: DevicePresence;
  pairingCodes: OneTimeSecretStore<PairingGrant>;
  /** Socket ticket hash → device id. */
  socketTickets: OneTimeSecretStore<string>;
  /** Where rate limits count attempts: this process by default, Redis across nodes. */
  attemptLimiters: AttemptLimiterFactory;
  /** Where approval decisions are recorded; one JSON line per decision on stdout by default. */
  approvalAudit: AuditSink;
  /**
   * Where every part of the hub logs: by default the service logger of @inquiry-hub/logging
   * (JSON lines on stdout, LOG_LEVEL). Tests pass a silent or capturing one.
   */
  logger: Logger;
  /** Users' settings (YOLO); in memory by default. */
  settingsStore: SettingsStore;
  /** People's conversations and their turns; in memory by default. */
  conversationStore: ConversationStore;
  /** Stores and senders of history, Web Push and the webhook channel (see composition/notification-channels.ts). */
  channels: Partial<ChannelDeps>;
  /** The multi-node parts (e.g. from createRedisInfra); absent = a single node. */
  cluster: HubClusterDeps;
  /**
   * A single node's persistent view of pending inquiries (the embedded store), swept like
   * the cluster's so questions left open across a restart, whose backstop timers died with
   * the previous run, still time out. Ignored when `cluster` brings its own.
   */
  pendingIndex: PendingIndex;
  /** Idempotency keys of MCP calls → their inquiries; in memory by default. */
  idempotencyIndex: IdempotencyIndex;
  /**
   * Redeemed `requestState`s of the proxy's 2026-07-28 multi-round-trip path (see
   * features/approvals/request-state.ts); in memory by default, Redis or the embedded store
   * otherwise, so single use holds across nodes and restarts.
   */
  usedRequestStates: UsedRequestStates;
  /** Each person's pinned upstream tool definitions (the proxy's); in memory by default. */
  toolDefinitionPins: ToolDefinitionPins;
  /** Epoch ms by which `requestState`s are sealed and checked; Date.now by default (tests move it). */
  requestStateClock: () => number;
  /**
   * The SSE events of `/mcp` and proxy sessions, replayed to a client that reconnects with
   * Last-Event-ID; bounded per stream, expiring like an idle session. In memory on every store:
   * the MCP SDK replays only through the live 2025-era session's transport on the node holding it,
   * so a copy that outlived the process or moved to another node could never be replayed.
   */
  streamEventLog: StreamEventLog;
  /** Where inquiry spans go (OpenTelemetry, see features/inquiries/adapters/otel-inquiry-tracing.ts); nothing by default. */
  tracing: InquiryTracing;
}

/**
 * What several nodes sharing one store need besides the stores: a view of every node's
 * pending inquiries for the sweeper (timeouts and dead holders) and a Socket.IO adapter so
 * revocations and presence queries reach sockets on other nodes. Presence defaults to the
 * Socket.IO rooms across nodes.
 */
export interface HubClusterDeps {
  pendingIndex: PendingIndex;
  socketAdapter: NonNullable<ServerOptions["adapter"]>;
  /** Whether this node can serve now (`GET /api/ready`); a single node always can. */
  readiness(): NodeReadiness;
}

/** A composed hub. `httpServer` is not listening until `listen()` (or your own `listen`). */
export interface Hub {
  httpServer: Server;
  /** The service every transport shares; for in-process tests and future transports. */
  inquiries: InquiryService;
  eventBus: InquiryEventBus;
  /** Listens on config.port/host (0 = any free port) and resolves with the base URL. */
  listen(): Promise<URL>;
  /** The separate `/metrics` listener's base URL once `listen()` resolved (METRICS_PORT). */
  metricsUrl(): URL | undefined;
  /** Cancels in-flight MCP calls, stops timers, closes every connection and the server. Idempotent. */
  close(): Promise<void>;
}

/**
 * The composition root: wires core services to stores and mounts the HTTP API, the MCP
 * endpoint, the approval proxy (`/proxy/<name>/mcp`, when `config.proxy` is set) and the
 * Socket.IO device channel on one node http server.
 *
 * @example
 * const hub = createHub({ ...DEFAULT_HUB_CONFIG, port: 0 });
 * const url = await hub.listen(); // http://127.0.0.1:54321/
 */
export function createHub(config: HubConfig, deps: Partial<HubDeps> = {}): Hub {
  const logger = deps.logger ?? createLogger({ service: "hub" });
  const metrics = createHubMetrics();
  const tracing = deps.tracing ?? NO_INQUIRY_TRACING;
  const eventBus = countRejections(
    deps.eventBus ?? createLocalEventBus(logger),
    ["publish"],
    metrics.busFailed,
  );
  const stopCountingResumes = eventBus.onResume?.(() => metrics.busFailed("resume"));
  const inquiryStore = countRejections(
    deps.inquiryStore ??
      createMemoryInquiryStore({
        historyTtlMs: config.historyTtlSeconds * 1000,
        maxResolvedPerUser: config.memoryHistoryPerUser,
      }),
    ["insert", "get", "listByUser", "resolve"],
    metrics.storeFailed,
  );
  const userStore = deps.userStore ?? createMemoryUserStore();
  const roomPresence = deps.cluster === undefined ? undefined : createRoomPresence(logger);
  const devices = createDeviceService({
    store: deps.deviceStore ?? createMemoryDeviceStore(),
    presence: deps.devicePresence ?? roomPresence ?? createMemoryDevicePresence(),
    logger,
  });
  const tokenStore = deps.tokenStore ?? createMemoryTokenStore();
  const auth = countRejections(
    createAuthService({
      users: userStore,
      tokens: tokenStore,
      devices,
      deviceIdleMs: config.deviceIdleDays * 24 * 60 * 60 * 1000,
      registration: config.registration,
    }),
    ["authenticate"],
    metrics.credentialRejected,
  );
  const agentCredentials = createAgentCredentialService({
    devices,
    tokens: tokenStore,
    runLifetimeMs: config.agentRunSeconds * 1000,
  });
  const pairing = createPairingService({
    auth,
    devices,
    codes: deps.pairingCodes ?? createMemoryOneTimeSecretStore(),
    ttlMs: config.pairingCodeSeconds * 1000,
  });
  const tickets = createSocketTicketService({
    auth,
    tickets: deps.socketTickets ?? createMemoryOneTimeSecretStore(),
    ttlMs: config.socketTicketSeconds * 1000,
  });
  const validateArguments = createAjvArgumentsValidator();
  const attemptLimiters = deps.attemptLimiters ?? createMemoryAttemptLimiters();
  const limits = config.rateLimits;
  const unlimitedInquiries = createInquiryService(
    {
      store: inquiryStore,
      bus: eventBus,
      deviceName: (deviceId) => devices.nameOf(deviceId),
      validateArguments,
      logger,
      metrics: metrics.inquiries,
      tracing,
    },
    {
      defaultTimeoutMs: config.inquiryTimeoutSeconds * 1000,
      timeoutGraceMs: config.timeoutGraceSeconds * 1000,
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
  const teams = createTeams(
    config,
    {
      inquiries: unlimitedInquiries,
      store: inquiryStore,
      users: userStore,
      validateArguments,
      deviceName: (deviceId) => devices.nameOf(deviceId),
      logger,
    },
    deps,
  );
  const inquiries = withRateLimits(teams.inquiries, attemptLimiters, limits);
  const pendingIndex = deps.cluster?.pendingIndex ?? deps.pendingIndex;
  const sweeper =
    pendingIndex === undefined
      ? undefined
      : startPendingSweeper(
          { inquiries, index: pendingIndex, logger },
          {
            intervalMs: (config.nodeLeaseSeconds * 1000) / 3,
            timeoutGraceMs: config.timeoutGraceSeconds * 1000,
          },
        );
  const settings = createSettingsService({
    store: deps.settingsStore ?? createMemorySettingsStore(),
  });
  const conversations = createConversationService({
    store: deps.conversationStore ?? createMemoryConversationStore(),
  });
  const yolo: YoloGate = async (userId, sessionOverride) =>
    sessionOverride !== false && (await settings.isYoloOn(userId));
  const idempotencyIndex = deps.idempotencyIndex ?? createMemoryIdempotencyIndex();
  const idempotent = createIdempotentInquiries(
    { inquiries, index: idempotencyIndex },
    {
      defaultTimeoutMs: config.inquiryTimeoutSeconds * 1000,
      timeoutGraceMs: config.timeoutGraceSeconds * 1000,
      deliveryConfirmMs: config.deliveryConfirmSeconds * 1000,
    },
  );
  const streamEvents =
    deps.streamEventLog ??
    createMemoryStreamEventLog(streamEventLogLimits(config.mcpSessionIdleSeconds));
  const approvalAudit =
    deps.approvalAudit ??
    createLogAuditSink(auditChild(logger), { fullArguments: config.auditFullArguments });
  const forwardOnce = createForwardOnce(idempotencyIndex);
  const heldCalls = createHeldCalls(config.heldCallCaps);
  const hubTools = {
    inquiries,
    idempotent,
    yolo,
    drafter:
      config.answerDrafting === undefined
        ? undefined
        : createOpenAiAnswerDrafter(config.answerDrafting, logger),
    heartbeatMs: config.heartbeatSeconds * 1000,
    defaultHoldMs: config.holdSeconds * 1000,
    heldCalls,
    logger,
    tracing,
    approvals: {
      validateArguments,
      audit: approvalAudit,
      forwardOnce,
      proxyUpstreams: new Set(
        Object.keys(config.proxy?.upstreams ?? {}).map((name) => name.toLowerCase()),
      ),
    },
  };
  const mcp = createMcpEndpoint({
    legacy: createMcpSessions({
      ...hubTools,
      idleMs: config.mcpSessionIdleSeconds * 1000,
      caps: config.mcpSessionCaps,
      streamEvents,
    }),
    modernServer: createModernMcpServerFactory({
      ...hubTools,
      tasks: createInquiryTasks(inquiries),
    }),
    logger,
  });
  const authenticate = createAuthenticate(auth, devices);
  const authenticatePerson = createAuthenticate(auth, devices, "person");
  const expiryWarnings = startExpiryWarnings({
    bus: eventBus,
    current: (inquiry) => inquiryStore.get(inquiry.id),
    logger,
  });
  const channels = createChannels(
    config,
    {
      bus: eventBus,
      devices,
      inquiries,
      expiryWarnings,
      readInquiry: (id) => inquiryStore.get(id),
      onEscalated: (listener) => teams.onEscalated(listener),
      authenticate: authenticatePerson,
      votesOf: (inquiryId) => teams.proxy.votesOf(inquiryId),
      username: async (userId) => (await userStore.findById(userId))?.username,
      logger,
      metrics: metrics.inquiries,
    },
    deps.channels,
  );
  const mcpGuards = createMcpGuards({ host: config.host, allowedOrigins: config.corsOrigins });
  const proxies =
    config.proxy === undefined
      ? undefined
      : createApprovalProxies({
          config: config.proxy,
          inquiries,
          validateArguments,
          authenticate,
          guards: mcpGuards,
          heartbeatMs: config.heartbeatSeconds * 1000,
          defaultHoldMs: config.holdSeconds * 1000,
          idleMs: config.mcpSessionIdleSeconds * 1000,
          sessionCaps: config.proxySessionCaps,
          maxResultBytes: config.upstreamMaxResultBytes,
          yolo,
          teams: teams.proxy,
          idempotent,
          forwardOnce,
          streamEvents,
          heldCalls,
          toolPins: deps.toolDefinitionPins ?? createMemoryToolDefinitionPins(),
          roundTrip: {
            states: createRequestStates({
              secret: config.requestStateSecret ?? withEphemeralSecrets(config).requestStateSecret,
              used: deps.usedRequestStates ?? createMemoryUsedRequestStates(),
              ...(deps.requestStateClock === undefined ? {} : { now: deps.requestStateClock }),
            }),
            approvalUrl: (inquiryId) =>
              new URL(`/inbox#${inquiryId}`, config.webPublicUrl).toString(),
            extendMaxMs: config.extendMaxSeconds * 1000,
          },
          audit: approvalAudit,
          logger,
          tracing,
        });

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustedProxies);
  app.use(securityHeaders);
  app.use(cors({ origin: config.corsOrigins, exposedHeaders: ["Mcp-Session-Id"] }));
  const conversationWrites = attemptLimiters("conversation-writes", {
    points: limits.conversationWritesPerMinute,
    windowSeconds: 60,
  });
  app.use(
    "/api/conversations",
    authenticate,
    createConversationRoutes(conversations, {
      limitWrites: limitAttempts(conversationWrites, "user"),
      bodyLimitBytes: config.jsonBodyLimitBytes,
    }),
  );
  app.use(express.json({ limit: config.jsonBodyLimitBytes }));
  // First after the body parser: every agent call comes here, and no route below matches it.
  app.all("/mcp", ...mcpGuards, authenticate, (req, res) => mcp.handle(req, res));
  app.get("/api/health", (_req, res) => {
    res.json({ ok: true });
  });
  app.get(
    "/api/ready",
    createReadinessHandler(() => deps.cluster?.readiness() ?? { ready: true }),
  );
  const logins = attemptLimiters("login", { points: limits.loginPerMinute, windowSeconds: 60 });
  const pairings = attemptLimiters("pairing", {
    points: limits.pairingPerMinute,
    windowSeconds: 60,
  });
  app.post(["/api/auth/login", "/api/auth/register"], limitAttempts(logins, "address"));
  app.post(["/api/pairing", "/api/pairing/claim"], limitAttempts(pairings, "address"));
  const loginThrottle = createLoginThrottle(attemptLimiters, limits);
  app.use("/api/auth", createAuthRoutes({ auth, devices, authenticate, loginThrottle }));
  app.use("/api/inquiries", authenticate, createInquiryRoutes(inquiries));
  app.use("/api/devices", authenticatePerson, createDeviceRoutes(devices));
  app.use("/api/settings", authenticatePerson, createSettingsRoutes(settings));
  app.use("/api/teams", authenticatePerson, teams.router);
  const agentCredentialIssuing = attemptLimiters("agent-credentials", {
    points: limits.agentCredentialsPerMinute,
    windowSeconds: 60,
  });
  app.use(
    "/api",
    createAgentCredentialRoutes(
      agentCredentials,
      { authenticate, authenticatePerson },
      limitAttempts(agentCredentialIssuing, "user"),
    ),
  );
  app.use("/api", createPairingRoutes({ pairing, tickets, authenticate: authenticatePerson }));
  if (proxies !== undefined) app.use(proxies.router);
  app.use(channels.router);
  const metricsEndpoints = exposeMetrics({
    exposure: config.metrics,
    registry: metrics.registry,
    refuse: refuseMetrics,
  });
  app.use(metricsEndpoints.router);
  app.use(notFoundHandler);
  app.use(createErrorHandler(config.jsonBodyLimitBytes, logger));

  const httpServer = createServer(app);
  const sockets = attachSocketLayer(httpServer, {
    auth,
    devices,
    tickets,
    inquiries,
    receipts: channels.receipts,
    bus: eventBus,
    corsOrigins: config.corsOrigins,
    adapter: deps.cluster?.socketAdapter,
    logger,
    metrics: metrics.inquiries,
    tracing,
  });
  metrics.countConnectedDevices(() => sockets.io.sockets.sockets.size);
  roomPresence?.bind(sockets.io);
  const stopSettingsFanOut = startSettingsFanOut(sockets.io, settings);
  const stopConversationFanOut = startConversationFanOut(sockets.io, conversations);
  const stopTeamFanOut = teams.startFanOut(sockets.io);
  const stopExpiryWarningFanOut = startExpiryWarningFanOut(sockets.io, expiryWarnings);
  // Questions first: a held call then ends with its question withdrawn (and audits it), where a
  // session closed first would only have detached it.
  const stopClosingMcp = devices.onRevoked((device) => {
    withdrawAskedBy(inquiries, device.userId, device.id)
      .then(() => Promise.all([mcp.closeDevice(device.id), proxies?.closeDevice(device.id)]))
      .catch((error: unknown) =>
        logger.error(
          { err: error, deviceId: device.id },
          "closing a revoked device's MCP sessions and questions failed",
        ),
      );
  });
  let closing: Promise<void> | undefined;
  let metricsUrl: URL | undefined;

  async function shutdown(): Promise<void> {
    inquiries.beginShutdown();
    stopClosingMcp();
    channels.stop();
    stopSettingsFanOut();
    stopConversationFanOut();
    stopTeamFanOut();
    stopExpiryWarningFanOut();
    expiryWarnings.stop();
    await Promise.all([mcp.close(), proxies?.close()]);
    // Answers in delivery write to the store as they settle; the caller closes it after this.
    await idempotent.close();
    await sweeper?.stop();
    sockets.close();
    inquiries.close();
    stopCountingResumes?.();
    await metricsEndpoints.close();
    await new Promise<void>((resolve) => {
      httpServer.close(() => resolve());
      httpServer.closeAllConnections();
    });
  }

  return {
    httpServer,
    inquiries,
    eventBus,
    async listen() {
      metricsUrl = await metricsEndpoints.listen();
      return new Promise<URL>((resolve, reject) => {
        httpServer.once("error", reject);
        httpServer.listen(config.port, config.host, () => {
          httpServer.off("error", reject);
          const { address, port } = httpServer.address() as AddressInfo;
          const hostname = address.includes(":") ? `[${address}]` : address;
          resolve(new URL(`http://${hostname}:${port}/`));
        });
      });
    },
    metricsUrl: () => metricsUrl,
    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}
