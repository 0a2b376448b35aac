import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { dataPath } from "@inquiry-hub/logging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAgentEnv } from "./env";
import { DEFAULT_SYSTEM_PROMPT } from "./loop/system-prompt";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "agent-env-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("readAgentEnv", () => {
  it("applies the documented defaults: demo model only", () => {
    expect(readAgentEnv({})).toEqual({
      port: 4100,
      host: "127.0.0.1",
      config: {
        hubMcpUrl: "http://127.0.0.1:4000/mcp",
        demoToolsMcpUrl: "http://127.0.0.1:4000/proxy/demo/mcp",
        mcpTimeoutSeconds: 150,
        mcpMaxTotalTimeoutSeconds: 86_400,
        maxSteps: 8,
        systemPrompt: DEFAULT_SYSTEM_PROMPT,
        metrics: { kind: "off" },
      },
      runStore: { kind: "embedded", dataDir: dataPath("agent", {}), ttlMs: 86_400_000 },
    });
    expect(dataPath("agent", {}).startsWith(path.resolve(import.meta.dirname, "../../.."))).toBe(
      false,
    );
    expect(readAgentEnv({ INQUIRY_HUB_DATA_DIR: "/srv/ih" }).runStore).toMatchObject({
      dataDir: "/srv/ih/agent",
    });
  });

  it("chooses the run store: Redis (one, Sentinel or Cluster), else AGENT_STORE", () => {
    expect(
      readAgentEnv({ REDIS_URL: "redis://127.0.0.1:6379", AGENT_RUN_LOG_TTL_SECONDS: "60" })
        .runStore,
    ).toEqual({
      kind: "redis",
      topology: { kind: "single", url: "redis://127.0.0.1:6379" },
      ttlMs: 60_000,
    });
    expect(
      readAgentEnv({ REDIS_SENTINELS: "127.0.0.1:26379", REDIS_SENTINEL_NAME: "runs" }).runStore,
    ).toMatchObject({ kind: "redis", topology: { kind: "sentinel", name: "runs" } });
    expect(readAgentEnv({ REDIS_CLUSTER_NODES: "127.0.0.1:7000" }).runStore).toMatchObject({
      kind: "redis",
      topology: { kind: "cluster", nodes: [{ host: "127.0.0.1", port: 7000 }] },
    });
    expect(readAgentEnv({ AGENT_STORE: "memory" }).runStore).toEqual({
      kind: "memory",
      ttlMs: 86_400_000,
    });
    expect(readAgentEnv({ AGENT_DATA_DIR: dir }).runStore).toEqual({
      kind: "embedded",
      dataDir: dir,
      ttlMs: 86_400_000,
    });
  });

  it("configures the OpenAI-compatible model when a key is set", () => {
    expect(readAgentEnv({ OPENAI_API_KEY: "sk-test" }).config.openai).toEqual({
      baseURL: "https://api.openai.com/v1",
      apiKey: "sk-test",
      model: "gpt-4o-mini",
      maxRetries: 2,
    });
    const ollama = readAgentEnv({
      OPENAI_API_KEY: "ollama",
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
      AGENT_MODEL: "qwen3:8b",
      OPENAI_MAX_RETRIES: "0",
    });
    expect(ollama.config.openai).toEqual({
      baseURL: "http://127.0.0.1:11434/v1",
      apiKey: "ollama",
      model: "qwen3:8b",
      maxRetries: 0,
    });
  });

  it("treats an empty key as unset", () => {
    expect(readAgentEnv({ OPENAI_API_KEY: "" }).config.openai).toBeUndefined();
  });

  it("takes the system prompt from the env or from a file", async () => {
    expect(readAgentEnv({ AGENT_SYSTEM_PROMPT: "Be brief." }).config.systemPrompt).toBe(
      "Be brief.",
    );
    const file = path.join(dir, "prompt.md");
    await writeFile(file, "Ask before you act.\n");
    expect(readAgentEnv({ AGENT_SYSTEM_PROMPT_FILE: file }).config.systemPrompt).toBe(
      "Ask before you act.\n",
    );
  });

  it.each([
    [{ AGENT_PORT: "http" }, /AGENT_PORT/],
    [{ HUB_MCP_URL: "not a url" }, /HUB_MCP_URL/],
    [{ AGENT_MCP_TIMEOUT_SECONDS: "120" }, /AGENT_MCP_TIMEOUT_SECONDS: must be above the hub's/],
    [{ AGENT_MAX_STEPS: "0" }, /AGENT_MAX_STEPS/],
    [{ OPENAI_BASE_URL: "localhost:11434" }, /OPENAI_BASE_URL/],
    [{ AGENT_MODEL: "inquiry-hub-demo" }, /AGENT_MODEL: must differ/],
    [{ OPENAI_MAX_RETRIES: "-1" }, /OPENAI_MAX_RETRIES/],
    [{ AGENT_SYSTEM_PROMPT: "a", AGENT_SYSTEM_PROMPT_FILE: "b" }, /not both/],
    [{ AGENT_SYSTEM_PROMPT_FILE: "/nonexistent/prompt.md" }, /AGENT_SYSTEM_PROMPT_FILE: cannot/],
    [{ AGENT_STORE: "redis" }, /AGENT_STORE: must be embedded or memory/],
    [{ REDIS_URL: "http://127.0.0.1:6379" }, /REDIS_URL/],
    [{ REDIS_URL: "redis://127.0.0.1:6379", AGENT_STORE: "embedded" }, /AGENT_STORE.*REDIS_URL/],
    [
      { REDIS_SENTINELS: "127.0.0.1:26379" },
      /REDIS_SENTINEL_NAME is required with REDIS_SENTINELS/,
    ],
    [{ REDIS_CLUSTER_NODES: "abc" }, /REDIS_CLUSTER_NODES: "abc" is not host:port/],
    [
      { REDIS_URL: "redis://127.0.0.1:6379", REDIS_CLUSTER_NODES: "127.0.0.1:7000" },
      /set only one of REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS/,
    ],
    [{ AGENT_RUN_LOG_TTL_SECONDS: "0" }, /AGENT_RUN_LOG_TTL_SECONDS/],
  ])("names the bad variable in %j", (source, message) => {
    expect(() => readAgentEnv(source)).toThrow(message);
  });
});
