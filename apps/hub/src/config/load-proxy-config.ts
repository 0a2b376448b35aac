import { readFileSync } from "node:fs";
import nodePath from "node:path";
import type { z } from "zod";
import { createProxyConfigSchema } from "./proxy-config-schema";
import type { ProxyConfig } from "../features/approvals/proxy-policy";
import type { ConfigContext } from "../features/approvals/upstream/upstream-headers";

type Issue = z.core.$ZodIssue;

function joinPath(prefix: readonly PropertyKey[], issue: Issue): string {
  const full = [...prefix, ...issue.path].map(String);
  return full.length === 0 ? "(root)" : full.join(".");
}

/**
 * Flattens zod issues to `key.path: message` lines; a bad record key reports its own reason.
 * A policy is `true | false | {…}`, a
 * union; when the object branch got past its type check, its own issues are reported (so a
 * typo in `when` is named precisely) instead of zod's bare "Invalid input".
 */
function describeIssues(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === "invalid_key")
      return [`${joinPath(prefix, issue)}: ${issue.issues[0]?.message ?? issue.message}`];
    if (issue.code !== "invalid_union") return [`${joinPath(prefix, issue)}: ${issue.message}`];
    const here = [...prefix, ...issue.path];
    const specific = issue.errors.filter(
      (branch) =>
        !branch.every((inner) => inner.code === "invalid_type" && inner.path.length === 0),
    );
    if (specific.length === 0) {
      const expected = issue.errors.flatMap((branch) =>
        branch.flatMap((inner) => (inner.code === "invalid_type" ? [inner.expected] : [])),
      );
      return [`${here.map(String).join(".")}: expected ${expected.join(" or ")}`];
    }
    return specific.flatMap((branch) => describeIssues(branch, here));
  });
}

/**
 * Validates an already-parsed config object. Throws an Error listing every bad key, e.g.
 * `invalid proxy config (proxy.json): upstreams.demo.tools.write_file.when.0: a condition
 * needs exactly one of: gt/gte/lt/lte, glob, sql`. `context` resolves header secret
 * references; by default relative files resolve against the working folder and no
 * environment variable is set.
 */
export function parseProxyConfig(
  input: unknown,
  source = "proxy config",
  context: ConfigContext = { baseDir: process.cwd(), env: {} },
): ProxyConfig {
  const parsed = createProxyConfigSchema(context).safeParse(input);
  if (parsed.success) return parsed.data;
  throw new Error(
    `invalid proxy config (${source}): ${describeIssues(parsed.error.issues).join("; ")}`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads and validates the JSON file at `path` (PROXY_CONFIG_PATH). Synchronous, like the
 * rest of startup configuration, so env.ts can call it. The hub must refuse to start when
 * this throws: an unreadable file, malformed JSON and bad keys are all named. Header secret
 * references read `env` (the hub's environment) and resolve files next to the config file.
 */
export function loadProxyConfig(
  path: string,
  env: Readonly<Record<string, string | undefined>> = {},
): ProxyConfig {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`cannot load proxy config ${path}: ${messageOf(error)}`, { cause: error });
  }
  return parseProxyConfig(json, path, { baseDir: nodePath.dirname(nodePath.resolve(path)), env });
}
