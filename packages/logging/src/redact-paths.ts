/**
 * Fields pino replaces with `[redacted]` before a line is written, at the top level and one
 * object down (`*.token` covers `{ request: { token } }`), plus request headers. Two kinds:
 *
 * - Secrets: bearer tokens, cookies, passwords, API keys, webhook and VAPID secrets. A line
 *   that carries one is readable by anyone with the terminal, the CI log or the log shipper.
 * - Tool-call arguments (`arguments`, `args`, an MCP request's `params.arguments`): they hold
 *   file contents, SQL and whatever else an agent sends, so a log line names the tool and
 *   the inquiry, never the values. The hub's approval audit writes its own
 *   `originalArguments` / `forwardedArguments`, already redacted unless
 *   HUB_AUDIT_FULL_ARGUMENTS asks for them in full, which is why those names are not here.
 */
const SECRET_KEYS = [
  "authorization",
  "cookie",
  "token",
  "accessToken",
  "refreshToken",
  "password",
  "secret",
  "webhookSecret",
  "apiKey",
  "api_key",
  "privateKey",
] as const;

const ARGUMENT_KEYS = ["arguments", "args"] as const;

const HEADER_PATHS = [
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "*.headers.authorization",
  "*.headers.cookie",
  '*.headers["set-cookie"]',
  "params.arguments",
  "*.params.arguments",
];

export const REDACTED_PATHS: readonly string[] = [
  ...[...SECRET_KEYS, ...ARGUMENT_KEYS].flatMap((key) => [key, `*.${key}`]),
  ...HEADER_PATHS,
];

/** What a redacted value is replaced with. */
export const REDACTED = "[redacted]";
