import { RESULT_OPENINGS } from "@inquiry-hub/protocol";
import type { Inquiry, InquiryWithdrawn } from "@inquiry-hub/protocol";
import type { Attempt } from "./answer-attempts";

/** Everything one deadline race left behind: what each party was told, and what was stored. */
export interface Race {
  prompt: string;
  /** The text of the MCP caller's tool result. */
  text: string;
  /** The device's answer attempt, fired within ±50 ms of the deadline. */
  human: Attempt;
  /** The agent's own `timeout` answer, sent for a third of the calls. */
  auto: Attempt | undefined;
  /** The inquiry as the store holds it after the call returned. */
  stored: Inquiry;
}

/** The three ways a race may legitimately end. */
export type RaceOutcome = "answered" | "agentTimeout" | "backstopTimeout";

/** Who may resolve an inquiry in the race, by device id. */
export interface Resolvers {
  phone: string;
  agent: string;
}

/**
 * Names the race's outcome only when all four views agree on it: the stored status and
 * resolver, the caller's result, which answer attempt the hub accepted, and the single
 * `inquiry:withdrawn` the device saw. Anything else (an accepted answer after a timeout, a
 * result differing from the store, a second or missing withdrawn event) is `undefined`.
 */
export function classify(
  race: Race,
  seen: readonly InquiryWithdrawn[],
  resolvers: Resolvers,
): RaceOutcome | undefined {
  const { stored, text, human, auto } = race;
  const resolver = stored.resolution?.byDeviceId;
  const [withdrawn, ...extra] = seen;
  if (withdrawn === undefined || extra.length > 0) return undefined;
  if (withdrawn.status !== stored.status || withdrawn.byDeviceId !== resolver) return undefined;
  if (stored.status === "answered") {
    const agrees = resolver === resolvers.phone && human.ok && text === race.prompt;
    return agrees && auto?.ok !== true ? "answered" : undefined;
  }
  if (stored.status !== "timeout" || human.ok || !text.startsWith(RESULT_OPENINGS.timeout))
    return undefined;
  if (resolver === resolvers.agent && auto?.ok === true) return "agentTimeout";
  if (resolver === undefined && auto?.ok !== true) return "backstopTimeout";
  return undefined;
}

/** One line naming what each view said, for the failure message. */
export function describeRace(race: Race, seen: readonly InquiryWithdrawn[]): string {
  const attempt = (each: Attempt | undefined): string =>
    each === undefined ? "none" : each.ok ? "accepted" : `refused ${each.code}`;
  return (
    `${race.stored.id}: stored ${race.stored.status} by ${race.stored.resolution?.byDeviceId ?? "hub"}, ` +
    `caller got "${race.text.slice(0, 40)}", device ${attempt(race.human)}, agent ${attempt(race.auto)}, ` +
    `withdrawn events ${JSON.stringify(seen.map((each) => [each.status, each.byDeviceId ?? "hub"]))}`
  );
}
