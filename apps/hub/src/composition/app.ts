import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exposeMetrics } from "@inquiry-hub/telemetry";
import type { HubConfig } from "../config/hub-config";
import { createConversationService } from "../features/conversations/conversation-service";
import { startConversationFanOut } from "../features/conversations/socket/conversation-fan-out";
import { createHubMetrics } from "../features/inquiries/adapters/hub-metrics";
import { withdrawAskedBy } from "../features/inquiries/withdraw-asked-by";
import { startExpiryWarnings } from "../features/notifications/expiry-warnings";
import { startExpiryWarningFanOut } from "../features/notifications/socket/expiry-warning-fan-out";
import { startSettingsFanOut } from "../features/settings/socket/settings-fan-out";
import { refuseMetrics } from "../platform/http/refuse-metrics";
import { countRejections } from "../platform/metrics/count-rejections";
import { wireAccounts } from "./accounts-wiring";
import { wireAudit } from "./audit-wiring";
import { escalationAuditEvents } from "../features/audit/escalation-events";
import { withEphemeralSecrets } from "./channel-secrets";
import { createChannels } from "./channel-wiring";
import { completeHubDeps } from "./default-deps";
import { createHttpApp } from "./http-app";
import type { Hub, HubOverrides } from "./hub-deps";
import { wireInquiries } from "./inquiry-wiring";
import { wireMcp } from "./mcp-wiring";
import { attachSocketLayer } from "./socket-server";
import { createDeviceAttention } from "../features/accounts/device-attention";

export type { Hub, HubDeps, HubOverrides } from "./hub-deps";

/**
 * The composition root: wires the features to their stores and mounts the HTTP API, the MCP
 * endpoint, the approval proxy (`/proxy/<name>/mcp`, when `config.proxy` is set) and the
 * Socket.IO device channel on one node http server. What `overrides` leaves out is the
 * single node in memory (default-deps.ts).
 *
 * @example
 * const hub = createHub({ ...DEFAULT_HUB_CONFIG, port: 0 });
 * const url = await hub.listen(); // http://127.0.0.1:54321/
 */
export function createHub(hubConfig: HubConfig, overrides: HubOverrides = {}): Hub {
  const config = withEphemeralSecrets(hubConfig);
  const metrics = createHubMetrics();
  const given = completeHubDeps(config, overrides);
  const eventBus = countRejections(given.eventBus, ["publish"], metrics.busFailed);
  const deps = { ...given, eventBus };
  const { logger } = deps;
  const attention = createDeviceAttention({ store: deps.presenceStore, logger });
  const stopCountingResumes = eventBus.onResume?.(() => metrics.busFailed("resume"));
  const accounts = wireAccounts(config, deps, metrics);
  const core = wireInquiries(config, deps, accounts.devices, metrics);
  const { inquiries, teams } = core;
  const conversations = createConversationService({ store: deps.conversationStore });
  const mcp = wireMcp(config, deps, accounts, core);
  const expiryWarnings = startExpiryWarnings({
    bus: eventBus,
    current: (inquiry) => core.store.get(inquiry.id),
    logger,
  });
  const channels = createChannels(
    config,
    {
      bus: eventBus,
      devices: accounts.devices,
      inquiries,
      expiryWarnings,
      readInquiry: (id) => core.store.get(id),
      onEscalated: (listener) => teams.onEscalated(listener),
      authenticate: accounts.authenticatePerson,
      votesOf: (inquiryId) => teams.proxy.votesOf(inquiryId),
      username: async (userId) => (await deps.userStore.findById(userId))?.username,
      logger,
      metrics: metrics.inquiries,
      digestSettingOf: async (userId) => (await core.settings.get(userId)).digest,
      digestUsers: () => deps.settingsStore.digestUsers(),
      digestClock: deps.digestClock,
      reachOf: async (userId) => {
        const { routing, quietHours } = await core.settings.get(userId);
        return { ...(routing && { routing }), ...(quietHours && { quietHours }) };
      },
      attention: async (userId) =>
        (await attention.hereDevices(userId)).length > 0 ? "tab" : "none",
      pendingIndex: deps.cluster?.pendingIndex ?? deps.pendingIndex,
    },
    deps.channelStores,
    deps.channelSenders,
  );
  const metricsEndpoints = exposeMetrics({
    exposure: config.metrics,
    registry: metrics.registry,
    refuse: refuseMetrics,
  });
  const app = createHttpApp(config, deps, {
    accounts,
    core,
    conversations,
    mcp,
    routers: { channels: channels.router, metrics: metricsEndpoints.router },
  });

  const httpServer = createServer(app);
  const sockets = attachSocketLayer(httpServer, {
    auth: accounts.auth,
    devices: accounts.devices,
    tickets: accounts.tickets,
    inquiries,
    receipts: channels.receipts,
    attention,
    bus: eventBus,
    corsOrigins: config.corsOrigins,
    adapter: deps.cluster?.socketAdapter,
    logger,
    metrics: metrics.inquiries,
    tracing: deps.tracing,
  });
  metrics.countConnectedDevices(() => sockets.io.sockets.sockets.size);
  accounts.roomPresence?.bind(sockets.io);
  const audit = wireAudit(config, { stores: deps, logger });
  const stopAuditingEscalations = teams.onEscalated((inquiry, newcomers, step) => {
    for (const { chain, event } of escalationAuditEvents(inquiry, newcomers, step, new Date()))
      audit.record(chain, event);
  });
  const stopFanOuts = [
    startSettingsFanOut(sockets.io, core.settings),
    startConversationFanOut(sockets.io, conversations),
    teams.startFanOut(sockets.io),
    startExpiryWarningFanOut(sockets.io, expiryWarnings),
  ];
  // Questions first: a held call then ends with its question withdrawn (and audits it), where a
  // session closed first would only have detached it.
  const stopClosingMcp = accounts.devices.onRevoked((device) => {
    withdrawAskedBy(inquiries, device.userId, device.id)
      .then(() =>
        Promise.all([mcp.mcp.closeDevice(device.id), mcp.proxies?.closeDevice(device.id)]),
      )
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
    stopAuditingEscalations();
    channels.stop();
    for (const stop of stopFanOuts) stop();
    expiryWarnings.stop();
    attention.stop();
    await Promise.all([mcp.mcp.close(), mcp.proxies?.close()]);
    // Answers in delivery write to the store as they settle; the caller closes it after this.
    await core.idempotent.close();
    await core.sweeper?.stop();
    sockets.close();
    inquiries.close();
    stopCountingResumes?.();
    await metricsEndpoints.close();
    await audit.settled();
    await new Promise<void>((resolve) => {
      httpServer.close(() => resolve());
      httpServer.closeAllConnections();
    });
  }

  return {
    httpServer,
    inquiries,
    eventBus,
    attention,
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
