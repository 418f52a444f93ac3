import { expect, it } from "vitest";
import { BUILTIN_SYMBOL_FILES } from "../domain/builtin-symbols";
import { NODE_TYPE_TRAITS } from "../domain/node-types";
import { fileLayout } from "../files/layout";
import { describeApi } from "../testing/api-targets";
import { escapingPaths, expectRefused } from "../testing/file-attacks";
import { rawRequest } from "../testing/raw-request";

const SYMBOLS = fileLayout.symbols();
const COMPUTER = BUILTIN_SYMBOL_FILES["computer.svg"]!;
const ROUTER = BUILTIN_SYMBOL_FILES["router.svg"]!;
const CUSTOM_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><circle cx="60" cy="40" r="30"/></svg>';

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

describeApi(
  "symbols",
  (api) => {
    const raw = async (path: string) => {
      const response = await api.fetch(path);
      return { status: response.status, type: response.headers.get("content-type"), body: new Uint8Array(await response.arrayBuffer()) };
    };
    const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    const upload = (id: string, body: string | Uint8Array) => api.fetch(`/v2/symbols/${id}/raw`, { method: "POST", body });

    it("lists the built-in symbols as GNS3 does, one for every symbol a node type names", async () => {
      const reply = await api.get("/v2/symbols");
      expect(reply.status).toBe(200);
      expect(reply.body).toContainEqual({ builtin: true, filename: "computer.svg", symbol_id: ":/symbols/classic/computer.svg", theme: "Classic" });
      const ids = new Set((reply.body as Array<{ symbol_id: string }>).map((entry) => entry.symbol_id));
      for (const traits of Object.values(NODE_TYPE_TRAITS)) expect(ids, traits.symbol).toContain(traits.symbol.replace(":/symbols/", ":/symbols/classic/"));
    });

    it("serves a built-in symbol as SVG under its classic id and the older one, however the client encodes it", async () => {
      for (const path of [
        "/v2/symbols/:/symbols/classic/router.svg/raw", // the web UI (encodeURI)
        "/v2/symbols/%3A/symbols/router.svg/raw", // the Qt GUI (urllib.parse.quote)
        "/v2/symbols/%3A%2Fsymbols%2Fclassic%2Frouter.svg/raw", // encodeURIComponent
        "/v2/symbols/%253A%252Fsymbols%252Frouter.svg/raw", // encoded twice: GNS3 decodes once more
        "/v2/symbols//symbols/router.svg/raw", // the web UI's template list drops the colon
      ]) {
        const reply = await raw(path);
        expect(reply.status, path).toBe(200);
        expect(reply.type, path).toBe("image/svg+xml");
        expect(text(reply.body), path).toBe(ROUTER);
      }
    });

    it("serves the computer for an id it does not know, as GNS3 does", async () => {
      for (const id of [":/symbols/nope.svg", "nope.svg", "%zz", "..%2F..%2Fetc%2Fpasswd"]) {
        const reply = await raw(`/v2/symbols/${id}/raw`);
        expect(reply.status, id).toBe(200);
        expect(text(reply.body), id).toBe(COMPUTER);
      }
    });

    it("serves an Affinity theme's id as the classic symbol of the same kind of node", async () => {
      const reply = await raw("/v2/symbols/:/symbols/affinity/square/blue/router.svg/raw");
      expect(text(reply.body)).toBe(ROUTER);
    });

    it("gives a symbol's dimensions, the size nodes drawn with it report", async () => {
      expect(await api.get("/v2/symbols/:/symbols/classic/cloud.svg/dimensions")).toMatchObject({ status: 200, body: { width: 159, height: 71 } });
      expect((await api.get("/v2/symbols/%3A%2Fsymbols%2Fnope.svg/dimensions")).body).toEqual({ height: 59, width: 65 });
      const project = await api.post("/v2/projects", { name: "symbols-sizes" });
      // Labels sit above the symbol: −round_half_even(height / 2 + 10).
      const labelY = { vpcs: -40, ethernet_switch: -26, cloud: -46, qemu: -40, iou: -34 };
      for (const type of ["vpcs", "ethernet_switch", "cloud", "qemu", "iou"] as const) {
        const node = await api.post(`/v2/projects/${project.body.project_id}/nodes`, { name: type, node_type: type, compute_id: "local" });
        expect(node.status, type).toBe(201);
        const dimensions = await api.get(`/v2/symbols/${encodeURIComponent(node.body.symbol)}/dimensions`);
        expect(dimensions.body, type).toEqual({ height: node.body.height, width: node.body.width });
        expect(node.body.label.y, type).toBe(labelY[type]);
      }
    });

    it("keeps a node's classic symbol id and sizes the node from it", async () => {
      const project = await api.post("/v2/projects", { name: "symbols-node" });
      const node = await api.post(`/v2/projects/${project.body.project_id}/nodes`, {
        name: "R", node_type: "vpcs", compute_id: "local", symbol: ":/symbols/classic/router.svg",
      });
      expect(node.body).toMatchObject({ symbol: ":/symbols/classic/router.svg", width: 66, height: 45, label: { y: -32 } });
    });

    it("stores an uploaded symbol, lists it as a custom one and serves it back with its size", async () => {
      const posted = await upload("my-router.svg", CUSTOM_SVG);
      expect(posted.status).toBe(204);
      expect(await posted.text()).toBe("");
      expect(await api.files.text(`${SYMBOLS}/my-router.svg`)).toBe(CUSTOM_SVG);
      const listed = await api.get("/v2/symbols");
      expect(listed.body).toContainEqual({ builtin: false, filename: "my-router.svg", symbol_id: "my-router.svg", theme: "Custom symbols" });
      expect((listed.body as Array<{ builtin: boolean }>).findIndex((entry) => !entry.builtin)).toBe(Object.keys(BUILTIN_SYMBOL_FILES).length);
      const served = await raw("/v2/symbols/my-router.svg/raw");
      expect(served).toMatchObject({ status: 200, type: "image/svg+xml" });
      expect(text(served.body)).toBe(CUSTOM_SVG);
      expect((await api.get("/v2/symbols/my-router.svg/dimensions")).body).toEqual({ height: 80, width: 120 });
    });

    it("serves other image types by their extension and reads their size", async () => {
      expect((await upload("photo.png", png(300, 200))).status).toBe(204);
      const served = await raw("/v2/symbols/photo.png/raw");
      expect(served.type).toBe("image/png");
      expect(served.body).toEqual(png(300, 200));
      expect((await api.get("/v2/symbols/photo.png/dimensions")).body).toEqual({ height: 200, width: 300 });
      expect((await upload("notes.txt", "not an image at all")).status).toBe(204);
      expect((await api.get("/v2/symbols/notes.txt/dimensions")).body).toEqual({ height: 0, width: 0 });
    });

    it("replaces an uploaded symbol of the same name", async () => {
      await upload("replaced.svg", CUSTOM_SVG);
      await upload("replaced.svg", '<svg width="10" height="20"/>');
      expect((await api.get("/v2/symbols/replaced.svg/dimensions")).body).toEqual({ height: 20, width: 10 });
    });

    it("answers 404 for the dimensions of a file that claims a type it does not hold", async () => {
      await upload("broken.svg", "<svg width='12' height='x'></svg>");
      expect(await api.get("/v2/symbols/broken.svg/dimensions")).toMatchObject({
        status: 404,
        body: { message: 'Could not get symbol dimensions: Invalid SVG file: could not convert string to float: "x"', status: 404 },
      });
    });

    it("keeps only the file name of an id with folders, as GNS3 does", async () => {
      expect((await upload("vendor/icons/switch-x.svg", CUSTOM_SVG)).status).toBe(204);
      expect(await api.files.exists(`${SYMBOLS}/switch-x.svg`)).toBe(true);
      expect(await api.files.exists(`${SYMBOLS}/vendor`)).toBe(false);
      expect(text((await raw("/v2/symbols/switch-x.svg/raw")).body)).toBe(CUSTOM_SVG);
    });

    it("does not list files whose name starts with a dot", async () => {
      await upload(".secret.svg", CUSTOM_SVG);
      const listed = (await api.get("/v2/symbols")).body as Array<{ filename: string }>;
      expect(listed.map((entry) => entry.filename)).not.toContain(".secret.svg");
      expect(text((await raw("/v2/symbols/.secret.svg/raw")).body)).toBe(COMPUTER);
    });

    it("refuses (403) an upload whose id would leave the symbols folder, and writes nothing", async () => {
      for (const attack of escapingPaths("escaped.svg")) {
        expectRefused(await rawRequest(api, "POST", `/v2/symbols/${attack.path}/raw`, CUSTOM_SVG), attack);
      }
      const everywhere = await api.files.list("");
      expect(everywhere.filter((path) => path.endsWith("escaped.svg"))).toEqual([]);
    });

    it("answers GNS3's default symbols per theme", async () => {
      const reply = await api.get("/v2/default_symbols");
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toHaveLength(7);
      expect(reply.body.Classic).toMatchObject({ ethernet_hub: ":/symbols/classic/hub.svg", vpcs_guest: ":/symbols/classic/vpcs_guest.svg" });
      for (const id of Object.values(reply.body.Classic as Record<string, string>)) {
        expect((await raw(`/v2/symbols/${id}/raw`)).status, id).toBe(200);
      }
    });

    it("answers 404 to a symbol path without /raw or /dimensions", async () => {
      expect(await api.get("/v2/symbols/:/symbols/classic/router.svg")).toMatchObject({ status: 404, body: { status: 404 } });
    });
  },
  { workerd: true },
);

describeApi(
  "symbol uploads over the size limit",
  (api) => {
    it("refuses an upload larger than --max-upload-size (413) and keeps nothing", async () => {
      const reply = await api.fetch("/v2/symbols/huge.svg/raw", { method: "POST", body: new Uint8Array(2048).fill(32) });
      expect(reply.status).toBe(413);
      expect(await reply.json()).toEqual({ message: "The upload is larger than the 1 KiB allowed (the controller's --max-upload-size)", status: 413 });
      expect(await api.files.exists(`${SYMBOLS}/huge.svg`)).toBe(false);
    });
  },
  { limits: { maxUploadBytes: 1024 } },
);
