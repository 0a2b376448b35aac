import { APPROVAL_RESULT_OPENINGS } from "@inquiry-hub/protocol";

/**
 * Every sentence the approval proxy writes: the question shown to the person and the tool
 * results that tell the model why a call did not run. Pure functions, so the wording is
 * tested once and stays the same across transports.
 */

const PLACEHOLDER = /\{([^{}]*)\}/g;
const ARG_PLACEHOLDER = /^args\.([A-Za-z0-9_$-]+(?:\.[A-Za-z0-9_$-]+)*)$/;
/** Longest rendering of one argument inside a description; the full value is in the card. */
const MAX_VALUE_LENGTH = 200;

/** Reads `a.b.c` out of the arguments; undefined when any step is missing. */
export function readArgument(args: Record<string, unknown>, path: string): unknown {
  let value: unknown = args;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Why a description template is invalid, or undefined when it is fine. Only `{tool}`,
 * `{upstream}` and `{args.<name>}` exist, so a typo fails at startup instead of showing
 * a literal `{args.pth}` to the person.
 */
export function templateProblem(template: string): string | undefined {
  for (const [, name = ""] of template.matchAll(PLACEHOLDER)) {
    if (name !== "tool" && name !== "upstream" && !ARG_PLACEHOLDER.test(name))
      return `unknown placeholder {${name}}; use {tool}, {upstream} or {args.<name>}`;
  }
  return undefined;
}

function shown(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

/** What a template or question is about: one call of one upstream tool. */
export interface CallSubject {
  upstream: string;
  tool: string;
  args: Record<string, unknown>;
}

/**
 * Fills a validated template; a missing argument renders as "(not given)".
 *
 * @example renderTemplate("Write {args.path}?", call) // "Write notes.txt?"
 */
export function renderTemplate(template: string, call: CallSubject): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (name === "tool") return call.tool;
    if (name === "upstream") return call.upstream;
    const path = ARG_PLACEHOLDER.exec(name)?.[1];
    if (path === undefined) return whole;
    const value = readArgument(call.args, path);
    return value === undefined ? "(not given)" : shown(value);
  });
}

/**
 * The inquiry's markdown question: the prefix, the policy's description when it has one,
 * then the tool and its complete arguments, so a device that only shows the question still
 * shows exactly what would run.
 */
export function approvalQuestion(
  prefix: string,
  description: string | undefined,
  call: CallSubject,
): string {
  const parts = [prefix];
  if (description !== undefined) parts.push(description);
  parts.push(
    `Tool: \`${call.tool}\` (${call.upstream})\nArguments:\n\`\`\`json\n${JSON.stringify(call.args, null, 2)}\n\`\`\``,
  );
  return parts.join("\n\n");
}

/** A tools/list description with the configured note appended. */
export function describedWithNote(description: string | undefined, note: string): string {
  return description === undefined || description === "" ? note : `${description}\n\n${note}`;
}

const NO_RETRY =
  "Do not retry the same call; adapt your plan or ask the person what they want instead.";

/** The result text of a call the person rejected, quoting their message. */
export function rejectedText(tool: string, reason: string | undefined): string {
  const message = reason === undefined || reason === "" ? "" : ` Their message: "${reason}".`;
  return `${APPROVAL_RESULT_OPENINGS.rejected} ${tool}, so it was not run.${message} ${NO_RETRY}`;
}

/** The result text of an approval nobody decided in time (fail closed). */
export function timedOutText(tool: string, waitedMs: number): string {
  const seconds = Math.max(0, Math.round(waitedMs / 1000));
  return `${APPROVAL_RESULT_OPENINGS.timeout} ${tool} came within ${seconds} seconds, so it was not run. ${NO_RETRY}`;
}

/** The result text of an approval withdrawn before anyone decided. */
export function cancelledText(tool: string): string {
  return `${APPROVAL_RESULT_OPENINGS.cancelled} ${tool} was cancelled before anyone decided, so the call was not run.`;
}

/** The result text when the decision cannot be carried out as given (fail closed). */
export function unusableDecisionText(tool: string, problem: string): string {
  return `The decision on the call to ${tool} could not be applied (${problem}), so it was not run.`;
}

/** The result text of an upstream that failed or could not be reached. */
export function upstreamFailureText(upstream: string, tool: string, cause: string): string {
  return `The upstream MCP server "${upstream}" failed while running ${tool}: ${cause}.`;
}

/**
 * The result text of a repeated keyed call whose approved forward started but left no
 * result (the hub stopped mid-call, or another node is still running it): never run twice.
 */
export function unknownOutcomeText(upstream: string, tool: string): string {
  return `The call to ${tool} was approved and sent to the upstream MCP server "${upstream}", but its result was never recorded (the hub stopped during the call, or it is still running), so it is not run again. Its outcome is unknown: check whether it took effect before you act on it.`;
}

/** The result text of an idempotency key repeated with another tool or other arguments. */
export function reusedKeyText(key: string, tool: string): string {
  return `The idempotency key "${key}" already names a different call than this ${tool} call (another tool or other arguments), so nothing was asked or run. Use a new key for a new call.`;
}
