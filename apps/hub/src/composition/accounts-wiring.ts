import type { RequestHandler } from "express";
import type { HubConfig } from "../config/hub-config";
import { createAgentCredentialService } from "../features/accounts/agent-credential-service";
import type { AgentCredentialService } from "../features/accounts/agent-credential-service";
import { createAuthService } from "../features/accounts/auth-service";
import type { AuthService } from "../features/accounts/auth-service";
import { createDeviceService } from "../features/accounts/device-service";
import type { DeviceService } from "../features/accounts/device-service";
import { createAuthenticate } from "../features/accounts/http/authenticate";
import { createPairingService } from "../features/accounts/pairing-service";
import type { PairingService } from "../features/accounts/pairing-service";
import { createSocketTicketService } from "../features/accounts/socket-ticket-service";
import type { SocketTicketService } from "../features/accounts/socket-ticket-service";
import { createRoomPresence } from "../features/accounts/socket/room-presence";
import type { RoomPresence } from "../features/accounts/socket/room-presence";
import { createMemoryDevicePresence } from "../features/accounts/stores/memory-device-presence";
import type { HubMetrics } from "../features/inquiries/adapters/hub-metrics";
import { countRejections } from "../platform/metrics/count-rejections";
import type { HubDeps } from "./hub-deps";

/** People, their devices and credentials, and the checks every route and endpoint uses. */
export interface Accounts {
  auth: AuthService;
  devices: DeviceService;
  agentCredentials: AgentCredentialService;
  pairing: PairingService;
  tickets: SocketTicketService;
  /** Admits a person's device or an agent credential. */
  authenticate: RequestHandler;
  /** Admits a person's device only (agent credentials are refused). */
  authenticatePerson: RequestHandler;
  /** Presence across nodes through the Socket.IO rooms; bind it to the server once it exists. */
  roomPresence: RoomPresence | undefined;
}

/**
 * Wires accounts: presence is this process's memory on a single node and the Socket.IO rooms
 * across nodes, since only they see every node's sockets.
 */
export function wireAccounts(config: HubConfig, deps: HubDeps, metrics: HubMetrics): Accounts {
  const roomPresence = deps.cluster === undefined ? undefined : createRoomPresence(deps.logger);
  const devices = createDeviceService({
    store: deps.deviceStore,
    presence: roomPresence ?? createMemoryDevicePresence(),
    logger: deps.logger,
  });
  const auth = countRejections(
    createAuthService({
      users: deps.userStore,
      tokens: deps.tokenStore,
      devices,
      deviceIdleMs: config.deviceIdleDays * 24 * 60 * 60 * 1000,
      registration: config.registration,
    }),
    ["authenticate"],
    metrics.credentialRejected,
  );
  return {
    auth,
    devices,
    agentCredentials: createAgentCredentialService({
      devices,
      tokens: deps.tokenStore,
      runLifetimeMs: config.agentRunSeconds * 1000,
    }),
    pairing: createPairingService({
      auth,
      devices,
      codes: deps.pairingCodes,
      ttlMs: config.pairingCodeSeconds * 1000,
    }),
    tickets: createSocketTicketService({
      auth,
      tickets: deps.socketTickets,
      ttlMs: config.socketTicketSeconds * 1000,
    }),
    authenticate: createAuthenticate(auth, devices),
    authenticatePerson: createAuthenticate(auth, devices, "person"),
    roomPresence,
  };
}
