import type { Principal } from "./auth-service";
import { HubError } from "../../kernel/errors";

/**
 * Refuses an agent principal with FORBIDDEN naming what it tried. Every change to what
 * protects the person — answers to approvals, settings, teams, devices, keys, channels —
 * goes through this check, so the agent a gate holds cannot open it.
 *
 * @example requirePerson(principal, "change settings")
 */
export function requirePerson(principal: Principal, action: string): void {
  if (principal.kind !== "person")
    throw new HubError(
      "FORBIDDEN",
      `an agent credential cannot ${action}: only the person, on one of their devices, can`,
    );
}
