/**
 * The HAProxy configuration for hub nodes behind one load balancer: written here once and
 * used by `npm run start:cluster` and by the tests that kill a node behind it, so what the
 * tests prove is what the local cluster runs.
 *
 * What it encodes, and why:
 * - One backend over every hub node, health-checked with `GET /api/ready` (200 while the
 *   node can serve, 503 once it lost Redis); a node marked down has its open connections
 *   (device WebSockets, held calls) shut, so devices reconnect to a node that can serve.
 * - Round robin for everything stateless (HTTP API, 2026-07-28 MCP, Socket.IO): with Redis
 *   the hub speaks WebSocket only, one TCP connection per device, so no stickiness is needed.
 * - 2025-era MCP sessions live on the node that answered `initialize` with a random
 *   `Mcp-Session-Id`, so hashing the header (`balance hdr()`) would send the follow-ups of
 *   most sessions to a node that never heard of them. The table learns the id from the
 *   response instead and pins later requests carrying it; it stores only ids a hub issued
 *   (never one a client made up), so random headers cannot fill it.
 * - Timeouts: a held `send_inquiry` without a progress token sends nothing until it resolves,
 *   so the client and server inactivity timeouts (and a pinned session's lifetime) must exceed
 *   the longest hold. Header reads and idle keep-alives stay short against slow clients.
 * - The client address: client-sent `X-Forwarded-For`/`-Host`/`-Proto` are dropped and
 *   replaced with what this proxy saw, so a hub trusting it (`HUB_TRUSTED_PROXIES`) keys its
 *   rate limits on the real client and cannot be talked into another host or scheme. Only
 *   `trustedForwarders` (the web server, which names the browser in X-Forwarded-For) keep
 *   theirs, with this proxy's hop appended.
 */

/** One hub node HAProxy balances over. */
export interface HaproxyServer {
  /** Shows in HAProxy's logs and stats; letters, digits, `-`, `_`. */
  name: string;
  host: string;
  port: number;
}

export interface HaproxyConfigOptions {
  /** Where clients connect, e.g. `{ host: "127.0.0.1", port: 8080 }`. */
  listen: { host: string; port: number };
  servers: readonly HaproxyServer[];
  /**
   * The longest a hub holds one request without sending a byte: the largest client deadline a
   * session may ask for (`?timeout=`, up to 86 400 s) plus `HUB_TIMEOUT_GRACE_SECONDS`.
   */
  longestHoldSeconds: number;
  /**
   * Addresses or CIDR ranges whose X-Forwarded-For is kept (the web server calling the hub on
   * a browser's behalf); everyone else's is replaced. None by default.
   */
  trustedForwarders?: readonly string[];
  /** Health check path; 200 means the node can serve. */
  healthPath?: string;
  /** Health check period; a node is down after `fall` failed checks in a row. */
  checkIntervalMs?: number;
  fall?: number;
  rise?: number;
  /**
   * A stats socket, mode 600 at level operator: reads `show stat` and the pinned sessions
   * (`show table`) but cannot disable servers; none when absent.
   */
  statsSocketPath?: string;
}

const NAME = /^[A-Za-z0-9_-]{1,32}$/;
const HOST = /^[A-Za-z0-9.:-]{1,253}$/;
const PATH = /^\/[A-Za-z0-9/_.-]*$/;
const ADDRESS_OR_RANGE = /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/;
/** Slack above the longest hold, so the hub's own backstop always answers first. */
const HOLD_MARGIN_SECONDS = 30;

function assertField(ok: boolean, problem: string): void {
  if (!ok) throw new Error(`HAProxy config: ${problem}`);
}

function assertPort(port: number, what: string): void {
  assertField(
    Number.isInteger(port) && port > 0 && port < 65_536,
    `${what} port ${port} is not 1-65535`,
  );
}

/** Refuses anything that could break out of its line in the generated file. */
function validate(options: HaproxyConfigOptions): void {
  assertField(HOST.test(options.listen.host), `listen host "${options.listen.host}" is not a host`);
  assertPort(options.listen.port, "listen");
  assertField(options.servers.length > 0, "at least one hub server is needed");
  const names = new Set<string>();
  for (const server of options.servers) {
    assertField(NAME.test(server.name), `server name "${server.name}" must match ${NAME.source}`);
    assertField(!names.has(server.name), `server name "${server.name}" is used twice`);
    names.add(server.name);
    assertField(
      HOST.test(server.host),
      `server ${server.name} host "${server.host}" is not a host`,
    );
    assertPort(server.port, `server ${server.name}`);
  }
  assertField(
    Number.isFinite(options.longestHoldSeconds) && options.longestHoldSeconds > 0,
    `longestHoldSeconds must be above 0, got ${options.longestHoldSeconds}`,
  );
  for (const forwarder of options.trustedForwarders ?? [])
    assertField(
      ADDRESS_OR_RANGE.test(forwarder),
      `trusted forwarder "${forwarder}" is not an IP address or CIDR range`,
    );
  for (const [what, count] of [
    ["checkIntervalMs", options.checkIntervalMs],
    ["fall", options.fall],
    ["rise", options.rise],
  ] as const)
    assertField(
      count === undefined || (Number.isInteger(count) && count > 0),
      `${what} must be a whole number above 0, got ${count}`,
    );
  assertField(
    PATH.test(options.healthPath ?? "/"),
    `health path "${options.healthPath}" is not a path`,
  );
  assertField(
    options.statsSocketPath === undefined || /^\/[^\s]+$/.test(options.statsSocketPath),
    `stats socket path "${options.statsSocketPath}" must be absolute, without spaces`,
  );
}

/** `[::1]:80` for IPv6 literals, `127.0.0.1:80` otherwise. */
function address(host: string, port: number): string {
  return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Drops a client's X-Forwarded-For unless it comes from a trusted forwarder. */
function forwardedForRules(trusted: readonly string[]): string[] {
  if (trusted.length === 0) return ["  http-request del-header X-Forwarded-For"];
  return [
    `  acl from_trusted_forwarder src ${trusted.join(" ")}`,
    "  http-request del-header X-Forwarded-For unless from_trusted_forwarder",
  ];
}

/** Renders the haproxy.cfg text; throws naming the first invalid option. */
export function renderHaproxyConfig(options: HaproxyConfigOptions): string {
  validate(options);
  const holdSeconds = Math.ceil(options.longestHoldSeconds) + HOLD_MARGIN_SECONDS;
  const interval = options.checkIntervalMs ?? 2_000;
  const global = ["global"];
  if (options.statsSocketPath !== undefined)
    global.push(`  stats socket ${options.statsSocketPath} mode 600 level operator`);
  return [
    ...global,
    "",
    "defaults",
    "  mode http",
    "  log stderr format raw daemon",
    "  option httplog",
    "  option log-health-checks",
    "  timeout connect 2s",
    "  timeout http-request 10s",
    "  timeout http-keep-alive 10s",
    `  timeout client ${holdSeconds}s`,
    `  timeout server ${holdSeconds}s`,
    "  timeout tunnel 1h",
    "  timeout client-fin 5s",
    "  timeout server-fin 5s",
    "",
    "frontend hub_entry",
    `  bind ${address(options.listen.host, options.listen.port)}`,
    ...forwardedForRules(options.trustedForwarders ?? []),
    "  http-request del-header X-Forwarded-Host",
    "  http-request set-header X-Forwarded-Proto https if { ssl_fc }",
    "  http-request set-header X-Forwarded-Proto http if !{ ssl_fc }",
    "  option forwardfor",
    "  default_backend hub_nodes",
    "",
    "backend hub_nodes",
    "  balance roundrobin",
    `  option httpchk GET ${options.healthPath ?? "/api/ready"}`,
    "  http-check expect status 200",
    "  option redispatch",
    "  retries 2",
    `  stick-table type string len 64 size 100k expire ${holdSeconds}s`,
    "  stick match req.hdr(mcp-session-id)",
    "  stick store-response res.hdr(mcp-session-id)",
    `  default-server check inter ${interval}ms fall ${options.fall ?? 2} rise ${options.rise ?? 2} on-marked-down shutdown-sessions`,
    ...options.servers.map(
      (server) => `  server ${server.name} ${address(server.host, server.port)}`,
    ),
    "",
  ].join("\n");
}
