import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { textResult } from "./tool-result";

const CONDITIONS = [
  "sunny",
  "partly cloudy",
  "overcast",
  "light rain",
  "showers",
  "thunderstorms",
  "fog in the morning, then clear",
  "light snow",
] as const;

function hashText(text: string): number {
  let hash = 2_166_136_261;
  for (const character of text.toLowerCase()) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 16_777_619) >>> 0;
  }
  return hash;
}

/**
 * A made-up but deterministic forecast: the same city always gets the same weather, so tests
 * and demos can assert on it without a network or an API key.
 *
 * @example forecastFor("Hangzhou") // "Tomorrow in Hangzhou: light rain, 18–24 °C, wind 3 m/s"
 */
export function forecastFor(city: string): string {
  const hash = hashText(city);
  const condition = CONDITIONS[hash % CONDITIONS.length] ?? "sunny";
  const low = -5 + ((hash >>> 4) % 25);
  const high = low + 3 + ((hash >>> 9) % 8);
  const wind = 1 + ((hash >>> 13) % 9);
  return `Tomorrow in ${city}: ${condition}, ${low}–${high} °C, wind ${wind} m/s`;
}

/** Registers `get_weather {city}` on a server. */
export function registerGetWeather(server: McpServer): void {
  server.registerTool(
    "get_weather",
    {
      description: "Tomorrow's weather forecast for a city (demo data, deterministic).",
      inputSchema: z.object({
        city: z.string().trim().min(1).max(100).describe("City name, e.g. Hangzhou"),
      }),
    },
    ({ city }) => textResult(forecastFor(city)),
  );
}
