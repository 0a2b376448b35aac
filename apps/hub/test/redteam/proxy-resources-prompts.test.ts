import { afterEach, describe, expect, it } from "vitest";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { decide, nextApprovalCard, pendingApprovals, PROXY_AGENTS } from "../support/proxy-agents";
import type { ProxyAgent } from "../support/proxy-agents";
import { LAUNCH_URI, README_URI, startShiftingUpstream } from "../support/shifting-upstream";
import type { ShiftingUpstream } from "../support/shifting-upstream";

/*
 * Finding (by design until now): resources, prompts and completions passed the proxy ungated,
 * so a `resources/read` whose server acts on a read ran with no card. A policy can now gate
 * them, and an upstream whose tools are gated by default gates them too.
 */

describe.each(PROXY_AGENTS)("red team: reads, prompts and completions over %s", (_, connect) => {
  let upstream: ShiftingUpstream | undefined;
  let hub: TestHub | undefined;
  let agent: ProxyAgent | undefined;
  afterEach(async () => {
    await agent?.close();
    await hub?.close();
    await upstream?.close();
    agent = hub = upstream = undefined;
  });

  async function start(settings: Record<string, unknown>) {
    upstream = await startShiftingUpstream();
    const proxy = parseProxyConfig({
      upstreams: { shifting: { url: upstream.url.href, timeout_seconds: 10, ...settings } },
    });
    hub = await startTestHub({ proxy });
    const { token } = await hub.registerUser("surfaces");
    agent = await connect(hub, token, "shifting");
    return { upstream, hub, agent, token };
  }

  it("a resources/read of a side-effect URI under `ask` opens a card and reaches the upstream only once approved", async () => {
    const { upstream, hub, agent, token } = await start({
      default: false,
      resources: { default: "allow", uris: { "launch://**": "ask" } },
    });

    const refused = agent.readResource(LAUNCH_URI);
    const first = await nextApprovalCard(hub, token);
    expect(first.approval).toMatchObject({
      upstream: "shifting",
      tool: "resources/read",
      arguments: { uri: LAUNCH_URI },
    });
    expect(upstream.effects.launches).toBe(0);
    await decide(hub, token, first.id, "reject");
    await expect(refused).rejects.toThrow(/rejected/);
    expect(upstream.effects.launches).toBe(0);

    const approved = agent.readResource(LAUNCH_URI);
    const second = await nextApprovalCard(hub, token);
    expect(upstream.effects.launches).toBe(0);
    await decide(hub, token, second.id, "approve");
    expect(await approved).toMatchObject({ contents: [{ uri: LAUNCH_URI }] });
    expect(upstream.effects.launches).toBe(1);

    expect(await agent.readResource(README_URI)).toMatchObject({ contents: [{ uri: README_URI }] });
    expect(await pendingApprovals(hub, token)).toEqual([]);
  });

  it("an upstream whose unlisted tools are gated gates reads, prompts and completions it does not name", async () => {
    const { upstream, hub, agent, token } = await start({ tools: { get_weather: false } });

    const read = agent.readResource(LAUNCH_URI);
    const card = await nextApprovalCard(hub, token);
    expect(card.approval.tool).toBe("resources/read");
    await decide(hub, token, card.id, "reject");
    await expect(read).rejects.toThrow(/rejected/);

    const prompt = agent.getPrompt("greet");
    const promptCard = await nextApprovalCard(hub, token);
    expect(promptCard.approval).toMatchObject({
      tool: "prompts/get",
      arguments: { name: "greet" },
    });
    await decide(hub, token, promptCard.id, "reject");
    await expect(prompt).rejects.toThrow(/rejected/);

    const completion = agent.complete("Pa");
    const completionCard = await nextApprovalCard(hub, token);
    expect(completionCard.approval.tool).toBe("completion/complete");
    await decide(hub, token, completionCard.id, "approve");
    expect(await completion).toMatchObject({ completion: { values: ["Paris"] } });

    expect(upstream.effects).toMatchObject({ launches: 0, prompts: 0, completions: 1 });
  });

  it("`deny` refuses with an MCP error naming the policy and sends nothing upstream", async () => {
    const { upstream, hub, agent, token } = await start({
      default: false,
      prompts: { names: { greet: "deny" } },
      completions: "deny",
    });

    await expect(agent.getPrompt("greet")).rejects.toThrow(
      /policy for "shifting" refuses prompts\/get .*nothing was sent upstream/,
    );
    await expect(agent.complete("Pa")).rejects.toThrow(/refuses completion\/complete/);
    expect(upstream.effects).toMatchObject({ prompts: 0, completions: 0 });
    expect(await pendingApprovals(hub, token)).toEqual([]);
  });
});
