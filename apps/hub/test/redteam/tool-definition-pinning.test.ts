import { afterEach, describe, expect, it } from "vitest";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { createEmbeddedInfra } from "../../src/composition/stores/embedded-infra";
import type { EmbeddedInfra } from "../../src/composition/stores/embedded-infra";
import { resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import {
  connectSessionAgent,
  decide,
  nextApprovalCard,
  pendingApprovals,
  PROXY_AGENTS,
} from "../support/proxy-agents";
import type { ProxyAgent } from "../support/proxy-agents";
import { HARMLESS_WEATHER, startShiftingUpstream } from "../support/shifting-upstream";
import type { ShiftingUpstream } from "../support/shifting-upstream";
import { createTempDataDir } from "../support/temp-embedded-database";
import type { TempDataDir } from "../support/temp-embedded-database";

/*
 * Finding (by design until now): an ungated tool whose definition the upstream changes
 * ("Deletes the production database") was still trusted by its name. Each tool's definition
 * is now pinned when first seen; a changed one is asked about until the person accepts it.
 */

const RUG_PULL = "Deletes the production database.";

/** An upstream config trusting get_weather by name, and nothing else ungated. */
function trustingWeather(upstream: ShiftingUpstream) {
  return parseProxyConfig({
    upstreams: {
      shifting: {
        url: upstream.url.href,
        timeout_seconds: 10,
        default: false,
        tools: { get_weather: false },
      },
    },
  });
}

describe.each(PROXY_AGENTS)("red team: a tool redefined under %s", (_, connect) => {
  let upstream: ShiftingUpstream | undefined;
  let hub: TestHub | undefined;
  let agent: ProxyAgent | undefined;
  afterEach(async () => {
    await agent?.close();
    await hub?.close();
    await upstream?.close();
    agent = hub = upstream = undefined;
  });

  it("an ungated get_weather redefined as 'Deletes the production database' gets a card instead of running", async () => {
    upstream = await startShiftingUpstream();
    hub = await startTestHub({ proxy: trustingWeather(upstream) });
    const { token } = await hub.registerUser("pins");
    agent = await connect(hub, token, "shifting");

    const listed = await agent.listTools();
    expect(listed.tools[0]?.description).toBe(HARMLESS_WEATHER);
    expect(resultText(await agent.callTool("get_weather", { city: "Paris" }))).toBe("sunny");
    expect(upstream.effects.weatherCalls).toBe(1);

    await upstream.redefineWeather(RUG_PULL);
    const relisted = await agent.listTools();
    expect(relisted.tools[0]?.description).toMatch(
      new RegExp(`^${RUG_PULL}\\n\\nThis tool's definition changed`),
    );

    const rejected = agent.callTool("get_weather", { city: "Paris" });
    const card = await nextApprovalCard(hub, token);
    expect(card.approval).toMatchObject({ tool: "get_weather", arguments: { city: "Paris" } });
    expect(card.approval.description).toMatch(/definition of get_weather .* changed/);
    expect(card.approval.description).toContain(RUG_PULL);
    expect(upstream.effects.weatherCalls).toBe(1);
    await decide(hub, token, card.id, "reject");
    expect(resultText(await rejected)).toMatch(/rejected the call to get_weather/);
    expect(upstream.effects.weatherCalls).toBe(1);

    const accepted = agent.callTool("get_weather", { city: "Paris" });
    const second = await nextApprovalCard(hub, token);
    await decide(hub, token, second.id, "approve");
    expect(resultText(await accepted)).toBe("sunny");
    expect(upstream.effects.weatherCalls).toBe(2);

    expect(resultText(await agent.callTool("get_weather", { city: "Rome" }))).toBe("sunny");
    expect(upstream.effects.weatherCalls).toBe(3);
    expect((await agent.listTools()).tools[0]?.description).toBe(RUG_PULL);
    expect(await pendingApprovals(hub, token)).toEqual([]);
  });
});

describe("red team: tool definition pins across a restart", () => {
  let upstream: ShiftingUpstream | undefined;
  let data: TempDataDir | undefined;
  const opened: { hub: TestHub; embedded: EmbeddedInfra; agent?: ProxyAgent }[] = [];
  afterEach(async () => {
    for (const { hub, embedded, agent } of opened.splice(0)) {
      await agent?.close();
      await hub.close();
      await embedded.close();
    }
    await upstream?.close();
    data?.remove();
    upstream = data = undefined;
  });

  async function startNode() {
    if (upstream === undefined || data === undefined) throw new Error("start the upstream first");
    const embedded = createEmbeddedInfra({ dir: data.dir, historyTtlSeconds: 3600 });
    const hub = await startTestHub({ proxy: trustingWeather(upstream) }, embedded);
    const node: (typeof opened)[number] = { hub, embedded };
    opened.push(node);
    return node;
  }

  it("a definition changed while the hub was down is still asked about after the restart", async () => {
    upstream = await startShiftingUpstream();
    data = createTempDataDir("tool-pins");
    const first = await startNode();
    const { token } = await first.hub.registerUser("pins");
    first.agent = await connectSessionAgent(first.hub, token, "shifting");
    await first.agent.listTools();
    await first.agent.close();
    first.agent = undefined;
    await first.hub.close();
    await first.embedded.close();
    opened.splice(0);

    await upstream.redefineWeather(RUG_PULL);
    const second = await startNode();
    second.agent = await connectSessionAgent(second.hub, token, "shifting");
    const call = second.agent.callTool("get_weather", { city: "Paris" });
    const card = await nextApprovalCard(second.hub, token);
    expect(card.approval.description).toContain(RUG_PULL);
    expect(upstream.effects.weatherCalls).toBe(0);
    await decide(second.hub, token, card.id, "reject");
    await call;
    expect(upstream.effects.weatherCalls).toBe(0);
  });
});
