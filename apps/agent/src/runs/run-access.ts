import type { RunCaller, RunRecord } from "./ports";

/**
 * Credentials that stand for the person's own sessions: a device (login or pairing), and a
 * credential the web minted with a device's session (`agent-run`: a chat's run credential, or
 * the viewer credential the web follows and stops runs with, so the agent never holds the
 * person's device token). Only a person can mint those; an agent key is an external agent's.
 */
const SESSION_PURPOSES: ReadonlySet<RunCaller["purpose"]> = new Set(["device", "agent-run"]);

/**
 * Whether `caller` may see and stop `run` (its info, its events, cancel): the exact credential
 * that started it, or the person's own sessions. Another agent key of the same person may not:
 * one agent must not read another's chat nor stop it. A run stored before the starting
 * credential was recorded serves the person's sessions only.
 */
export function mayAccessRun(run: RunRecord, caller: RunCaller): boolean {
  if (caller.userId !== run.ownerUserId) return false;
  return caller.credentialId === run.startedByCredentialId || SESSION_PURPOSES.has(caller.purpose);
}
