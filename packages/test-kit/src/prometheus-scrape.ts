/** One sample line of the Prometheus text exposition format. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL_PAIR = /(\w+)="((?:[^"\\]|\\.)*)"/g;

function numberOf(text: string): number {
  if (text === "+Inf") return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  // prom-client writes "Nan" where the format says NaN; Prometheus reads either.
  if (text.toLowerCase() === "nan") return Number.NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`not a sample value: ${text}`);
  return value;
}

/** Parses a scrape; throws on a line that is neither a comment nor a well-formed sample. */
export function parsePrometheusText(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = SAMPLE_LINE.exec(line);
      if (match === null) throw new Error(`malformed sample line: ${line}`);
      const [, name = "", labelText = "", value = ""] = match;
      const labels = Object.fromEntries(
        [...labelText.matchAll(LABEL_PAIR)].map(([, key = "", raw = ""]) => [
          key,
          raw.replace(/\\(.)/g, (_escape, char: string) => (char === "n" ? "\n" : char)),
        ]),
      );
      return { name, labels, value: numberOf(value) };
    });
}

/**
 * The value of the one sample called `name` whose labels include `labels`; 0 when no sample
 * has those labels (a labelled series never touched). Throws when the scrape has no `name` at
 * all (a misspelled name must not read as 0) or when several samples match.
 */
export function valueOf(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  if (!samples.some((sample) => sample.name === name)) throw new Error(`the scrape has no ${name}`);
  const matching = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (matching.length > 1)
    throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value ?? 0;
}

/** GETs `/metrics` at `base` with the bearer `token`; fails on anything but 200. */
export async function scrape(base: URL, token?: string): Promise<Sample[]> {
  const response = await fetch(new URL("/metrics", base), {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200)
    throw new Error(`/metrics answered ${response.status}: ${await response.text()}`);
  return parsePrometheusText(await response.text());
}
