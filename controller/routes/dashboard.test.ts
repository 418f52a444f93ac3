import { expect, it } from "vitest";
import { describeApi, type ApiClient } from "../testing/api-targets";

const PAGES: [string, string, string][] = [
  ["/dashboard/", "text/html; charset=utf-8", "<title>Link dashboard</title>"],
  ["/dashboard/dashboard.js", "text/javascript; charset=utf-8", "/notifications/ws"],
  ["/dashboard/dashboard.css", "text/css; charset=utf-8", ".link.suspended"],
  ["/dashboard/xterm.css", "text/css; charset=utf-8", ".xterm-helper-textarea"],
];

const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

function servesThePage(api: ApiClient, headers: Record<string, string> = {}) {
  it.each(PAGES)("serves %s as %s", async (path, type, excerpt) => {
    const response = await api.fetch(path, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // Scripts from the page's origin only; inline styles are xterm.js's (the node console).
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'; style-src 'self' 'unsafe-inline';");
    expect(response.headers.get("content-security-policy")).not.toContain("script-src");
    expect(await response.text()).toContain(excerpt);
  });

  it("sends / to the dashboard", async () => {
    const response = await api.fetch("/", { headers, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, "http://x").pathname).toBe("/dashboard/");
  });

  it("answers HEAD without a body, and a file it does not have with the API's 404", async () => {
    const head = await api.fetch("/dashboard/", { method: "HEAD", headers });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const missing = await api.fetch("/dashboard/nope.js", { headers });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "404: Not Found", status: 404 });
  });
}

describeApi("the link dashboard", (api) => servesThePage(api), { workerd: true });

const auth = { user: "admin", password: "dash pw" };
describeApi(
  "the link dashboard behind Basic auth",
  (api) => {
    it("asks for the API's credentials, on / too", async () => {
      for (const path of ["/", ...PAGES.map(([page]) => page)]) {
        for (const authorization of [undefined, basic("admin", "wrong")]) {
          const response = await api.fetch(path, { redirect: "manual", ...(authorization ? { headers: { authorization } } : {}) });
          expect(response.status, path).toBe(401);
          expect(response.headers.get("www-authenticate")).toBe('Basic realm="GNS3 server"');
        }
      }
    });
    servesThePage(api, { authorization: basic(auth.user, auth.password) });
  },
  { workerd: true, auth },
);
