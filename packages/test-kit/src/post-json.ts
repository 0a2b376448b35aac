/**
 * POSTs a JSON body (with a bearer token when given) and returns the parsed JSON answer; any
 * non-2xx status throws with the path, status and body, so a setup step fails loudly.
 */
export async function postJson(url: URL, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${url.pathname}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}
