import { describe, expect, it } from "vitest";
import { workerInNode } from "../testing/worker-in-node";
import { allowedOrigins, GNS3_WEB_UI_ORIGINS, InvalidOrigin, parseOrigin } from "./cors-origins";

describe("parseOrigin", () => {
  it("gives the origin as a browser sends it", () => {
    expect(parseOrigin("http://192.168.1.10:8080")).toBe("http://192.168.1.10:8080");
    expect(parseOrigin("https://Lab.Example/")).toBe("https://lab.example");
    expect(parseOrigin("http://lab.example:80")).toBe("http://lab.example");
    expect(parseOrigin("http://[::1]:4200")).toBe("http://[::1]:4200");
  });

  it.each(["*", "null", "lab.example", "http://lab.example/ui", "http://lab.example/?a", "http://user:pw@lab.example", "http://lab.example#x", "ftp://lab.example", "file:///tmp", ""])(
    "refuses %j, saying what to give",
    (text) => {
      expect(() => parseOrigin(text)).toThrow(InvalidOrigin);
      expect(() => parseOrigin(text)).toThrow(`'${text}' is not an origin: give scheme://host[:port], such as http://192.168.1.10:8080`);
    },
  );
});

describe("allowedOrigins", () => {
  it("is GNS3's list, the server's loopback names at its port when known, and the operator's, each once", () => {
    expect(allowedOrigins([])).toEqual(GNS3_WEB_UI_ORIGINS);
    expect(allowedOrigins(["http://lab.example", "http://localhost:4200"], 3080)).toEqual([
      "http://127.0.0.1:3080",
      "http://localhost:3080",
      ...GNS3_WEB_UI_ORIGINS,
      "http://lab.example",
    ]);
  });
});

describe("CONTROLLER_CORS_ORIGINS on a Worker", () => {
  it("adds its comma-separated origins", async () => {
    const { api } = workerInNode({ CONTROLLER_CORS_ORIGINS: " http://lab.example:8080 ,https://ui.example" });
    for (const origin of ["http://lab.example:8080", "https://ui.example", "https://gns3.github.io"]) {
      expect((await api("GET", "/v2/version", undefined, { origin })).headers.get("access-control-allow-origin")).toBe(origin);
    }
  });

  it("makes the Worker answer 503 naming the var when one is not an origin", async () => {
    const wrong = await workerInNode({ CONTROLLER_CORS_ORIGINS: "http://lab.example,*" }).api("GET", "/v2/version");
    expect(wrong).toMatchObject({ status: 503, body: { status: 503 } });
    expect(wrong.body.message).toBe("The Worker's configuration is wrong: CONTROLLER_CORS_ORIGINS: '*' is not an origin: give scheme://host[:port], such as http://192.168.1.10:8080");
  });
});
