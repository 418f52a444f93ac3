import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";

const TOKEN = "image-token";
const USER = { user: "admin", password: "s3cret" };
const basic = `Basic ${Buffer.from(`${USER.user}:${USER.password}`).toString("base64")}`;

describeApi(
  "images for dataplane daemons",
  (api) => {
    const image = new Uint8Array(300_000).map((_, index) => (index * 7) % 251);

    it("serves an uploaded image to a daemon presenting the dataplane token, without the users' credentials", async () => {
      const uploaded = await api.fetch("/v2/compute/qemu/images/linux.qcow2", { method: "POST", body: image, headers: { authorization: basic } });
      expect(uploaded.status).toBe(204);
      const fetched = await api.fetch("/v2/dataplane/images/linux.qcow2", { headers: { "x-dataplane-token": TOKEN } });
      expect(fetched.status).toBe(200);
      const bytes = new Uint8Array(await fetched.arrayBuffer());
      expect(createHash("md5").update(bytes).digest("hex")).toBe(createHash("md5").update(image).digest("hex"));
    });

    it.each([
      ["no token", {}],
      ["a wrong token", { "x-dataplane-token": "guess" }],
      ["the users' credentials instead", { authorization: basic }],
    ])("refuses %s with 401", async (_, headers: Record<string, string>) => {
      const refused = await api.fetch("/v2/dataplane/images/linux.qcow2", { headers });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        message: "Dataplane daemons fetch images with their token in the x-dataplane-token header and their host id in x-dataplane-host",
        status: 401,
      });
    });

    it("answers 404 for an image the store lacks, and refuses paths that leave the image folder", async () => {
      const missing = await api.fetch("/v2/dataplane/images/nothing.qcow2", { headers: { "x-dataplane-token": TOKEN } });
      expect(missing.status).toBe(404);
      const escaping = await api.fetch("/v2/dataplane/images/..%2F..%2Fstore", { headers: { "x-dataplane-token": TOKEN } });
      expect([403, 404]).toContain(escaping.status);
    });
  },
  { workerd: true, auth: USER, dataplaneToken: TOKEN },
);
