import { describe, expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";
import { workerInNode } from "../testing/worker-in-node";
import { InvalidGns3Version, parseGns3Version } from "./gns3-version";

describe("parseGns3Version", () => {
  it("takes a release number X.Y.Z", () => {
    for (const version of ["2.2.59", "2.2.0", "3.0.5", "10.20.30"]) expect(parseGns3Version(version)).toBe(version);
  });

  it.each(["2.2", "2.2.59.1", "2.2.60.dev1", "2.2.59rc1", "v2.2.59", " 2.2.59", "2.02.59", "", "two"])("refuses %j, saying what to give", (text) => {
    expect(() => parseGns3Version(text)).toThrow(InvalidGns3Version);
    expect(() => parseGns3Version(text)).toThrow(`'${text}' is not a GNS3 version: give X.Y.Z, such as 2.2.59`);
  });
});

describeApi(
  "the GNS3 version answered as, when set",
  (api) => {
    it("is what GET /v2/version reports and POST /v2/version compares against", async () => {
      expect((await api.get("/v2/version")).body).toEqual({ local: true, version: "2.2.42" });
      expect(await api.post("/v2/version", { version: "2.2.42" })).toMatchObject({ status: 200, body: { version: "2.2.42" } });
      expect(await api.post("/v2/version", { version: "2.2.59" })).toMatchObject({
        status: 409,
        body: { message: "Client version 2.2.59 is not the same as server version 2.2.42", status: 409 },
      });
    });

    it("is the version of the computes' capabilities and of the OpenAPI document", async () => {
      expect((await api.get("/v2/computes/local")).body.capabilities.version).toBe("2.2.42");
      expect((await api.get("/v2/computes")).body.map((compute: { capabilities: { version: string } }) => compute.capabilities.version)).toEqual(["2.2.42"]);
      expect((await api.get("/v2/openapi.json")).body.info.version).toBe("2.2.42");
    });
  },
  { workerd: true, gns3Version: "2.2.42" },
);

describe("a Worker with a version that is not X.Y.Z", () => {
  it("answers 503 naming its var", async () => {
    const wrong = await workerInNode({ CONTROLLER_GNS3_VERSION: "2.2.x" }).api("GET", "/v2/version");
    expect(wrong).toMatchObject({ status: 503, body: { status: 503 } });
    expect(wrong.body.message).toBe("The Worker's configuration is wrong: CONTROLLER_GNS3_VERSION: '2.2.x' is not a GNS3 version: give X.Y.Z, such as 2.2.59");
  });
});
