import type { AgentKey, AgentRunCredential, CreatedAgentKey } from "@inquiry-hub/protocol";
import type { Principal } from "./auth-service";
import { reportedTurnKey } from "./ports";
import type { DeviceRecord, RunTurn } from "./ports";
import type { DeviceService } from "./device-service";
import { HubError } from "../../kernel/errors";
import { requirePerson } from "./person-only";
import type { TokenStore } from "./ports";
import { hashSecret, newSecret } from "../../kernel/secrets";

/**
 * Agent credentials, issued by a person: a key for an external agent (named, with an expiry,
 * listed and revocable on the Agent keys page) and a short-lived credential for one chat run
 * (minted by the web when a run starts, revoked when it ends). Only a person principal may
 * issue, list or revoke them; an agent cannot mint itself another credential.
 */
export interface AgentCredentialService {
  createKey(principal: Principal, name: string, expiresInDays: number): Promise<CreatedAgentKey>;
  /** The person's keys, newest first, revoked ones included. */
  listKeys(principal: Principal): Promise<AgentKey[]>;
  /** Revokes one of the person's keys; NOT_FOUND for unknown, foreign or revoked ids. */
  revokeKey(principal: Principal, keyId: string): Promise<AgentKey>;
  /** A chat run's credential; with `turn`, the one conversation turn it may report. */
  mintRun(principal: Principal, turn?: RunTurn): Promise<AgentRunCredential>;
  /** Revokes a run credential of the person; NOT_FOUND for unknown, foreign or revoked ids. */
  revokeRun(principal: Principal, runCredentialId: string): Promise<void>;
  /**
   * A run credential revokes itself when its run ends: runs outlive the web request that
   * minted them, so the agent, not the web, knows when the run is over. FORBIDDEN for any
   * other credential (a device, an agent key), which has its own revocation.
   */
  revokeSelf(principal: Principal): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Unrevoked, unexpired agent keys one person may hold. A key is a standing credential: a
 * person needs a handful (one per agent they run), never hundreds.
 */
export const MAX_ACTIVE_AGENT_KEYS = 25;

function toAgentKey(record: DeviceRecord): AgentKey {
  return {
    id: record.id,
    name: record.name,
    createdAt: record.firstSeenAt,
    expiresAt: record.expiresAt ?? record.firstSeenAt,
    ...(record.lastSeenAt === record.firstSeenAt ? {} : { lastUsedAt: record.lastSeenAt }),
    ...(record.revokedAt === undefined ? {} : { revokedAt: record.revokedAt }),
  };
}

/** `runLifetimeMs` bounds a run credential the web failed to revoke (a crash mid-run). */
export function createAgentCredentialService(deps: {
  devices: DeviceService;
  tokens: TokenStore;
  runLifetimeMs: number;
  now?: () => Date;
}): AgentCredentialService {
  const now = deps.now ?? (() => new Date());

  async function issue(
    principal: Principal,
    purpose: "agent-run" | "agent-key",
    name: string,
    lifetimeMs: number,
    reportsTurn?: string,
  ): Promise<{ record: DeviceRecord; secret: string }> {
    const secret = newSecret();
    const tokenHash = hashSecret(secret);
    await deps.tokens.save(tokenHash, principal.user.id);
    const record = await deps.devices.createAgentCredential(principal.user.id, tokenHash, {
      purpose,
      name,
      expiresAt: new Date(now().getTime() + lifetimeMs),
      reportsTurn,
    });
    return { record, secret };
  }

  async function revokeOwn(
    principal: Principal,
    purpose: "agent-run" | "agent-key",
    id: string,
  ): Promise<DeviceRecord> {
    const record = await deps.devices.findActive(id);
    if (record?.userId !== principal.user.id || record.purpose !== purpose)
      throw new HubError(
        "NOT_FOUND",
        `${purpose === "agent-key" ? "agent key" : "run credential"} ${id} not found`,
      );
    await deps.devices.revoke(principal.user.id, id);
    return { ...record, revokedAt: now().toISOString() };
  }

  return {
    async createKey(principal, name, expiresInDays) {
      requirePerson(principal, "create agent keys");
      const at = now().getTime();
      const active = (await deps.devices.listByPurpose(principal.user.id, "agent-key")).filter(
        (key) => key.revokedAt === undefined && Date.parse(key.expiresAt ?? key.firstSeenAt) > at,
      );
      if (active.length >= MAX_ACTIVE_AGENT_KEYS)
        throw new HubError(
          "RATE_LIMITED",
          `agent key cap reached: at most ${MAX_ACTIVE_AGENT_KEYS} active keys per person; revoke one first`,
        );
      const { record, secret } = await issue(principal, "agent-key", name, expiresInDays * DAY_MS);
      return { key: toAgentKey(record), secret };
    },

    async listKeys(principal) {
      requirePerson(principal, "list agent keys");
      const keys = await deps.devices.listByPurpose(principal.user.id, "agent-key");
      return keys.map(toAgentKey).reverse();
    },

    async revokeKey(principal, keyId) {
      requirePerson(principal, "revoke agent keys");
      return toAgentKey(await revokeOwn(principal, "agent-key", keyId));
    },

    async revokeSelf(principal) {
      if (principal.device.purpose !== "agent-run")
        throw new HubError("FORBIDDEN", "only a run credential can revoke itself");
      await deps.devices.revoke(principal.user.id, principal.device.id);
    },

    async mintRun(principal, turn) {
      requirePerson(principal, "start agent runs");
      const { record, secret } = await issue(
        principal,
        "agent-run",
        `Chat run from ${principal.device.name}`,
        deps.runLifetimeMs,
        turn === undefined ? undefined : reportedTurnKey(turn),
      );
      return { id: record.id, token: secret, expiresAt: record.expiresAt ?? record.firstSeenAt };
    },

    async revokeRun(principal, runCredentialId) {
      requirePerson(principal, "end agent runs");
      await revokeOwn(principal, "agent-run", runCredentialId);
    },
  };
}
