import { beforeAll, expect, it } from "vitest";
import { describeApi } from "../testing/api-targets";

/** Docker nodes as a client makes and edits them: what no container could be made from is a 400 saying why. */
describeApi(
  "Docker node properties",
  (api) => {
    let nodes: string;
    beforeAll(async () => {
      const project = await api.post("/v2/projects", { name: "docker properties" });
      nodes = `/v2/projects/${project.body.project_id}/nodes`;
    });
    const create = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      api.post(nodes, { compute_id: "local", node_type: "docker", name: "alpine-{0}", properties: { image: "alpine", ...properties }, ...extra });

    it("tags an image named without a tag, and starts from GNS3's sample network config", async () => {
      const made = await create({ adapters: 2 });
      expect(made.status).toBe(201);
      expect(made.body.properties).toMatchObject({ image: "alpine:latest", adapters: 2 });
      expect(made.body.ports.map((port: { name: string }) => port.name)).toEqual(["eth0", "eth1"]);
      const config = await api.get(`${nodes}/${made.body.node_id}/files/etc/network/interfaces`);
      expect(config.status).toBe(200);
      expect(config.text).toContain("#iface eth1 inet static");
      expect(config.text).toContain(`#\thostname ${made.body.name}`);
      expect((await create({ image: "registry.lab:5000/frr" })).body.properties.image).toBe("registry.lab:5000/frr:latest");
    });

    it.each([
      ["no image", { image: "" }, "properties.image must name a Docker image (such as alpine:3.20), got \"\""],
      ["0 adapters", { adapters: 0 }, "properties.adapters must be an integer from 1 to 32 for a Docker node (each is an ethN of the container), got 0"],
      ["40 adapters", { adapters: 40 }, "properties.adapters must be an integer from 1 to 32 for a Docker node (each is an ethN of the container), got 40"],
      ["an environment line without =", { environment: "A=1\nJUSTANAME" }, "properties.environment line 2 'JUSTANAME' is not NAME=value"],
      ["an environment name of the server's", { environment: "GNS3_MAX_ETHERNET=eth9" }, "properties.environment line 1: names starting with GNS3_ are the server's own"],
      ["an open quote in the start command", { start_command: "sh -c 'sleep 1" }, "an unterminated single quote in properties.start_command (at character 7)"],
      ["an extra host without an address", { extra_hosts: "gw" }, "properties.extra_hosts line 1 'gw' is not HOSTNAME:ADDRESS"],
      ["a relative volume", { extra_volumes: ["data"] }, "Persistent volume \"data\" has invalid format: it must start with a '/' and contain neither '..' nor ':'"],
    ])("refuses %s with a 400 and makes nothing", async (_, properties, message) => {
      const before = (await api.get(nodes)).body.length;
      expect(await create(properties)).toMatchObject({ status: 400, body: { status: 400, message } });
      expect((await api.get(nodes)).body.length).toBe(before);
    });

    it("refuses a console type its host does not serve, at creation and in an update", async () => {
      const refusal = "A docker node's console here is telnet or none; console_type vnc is not served";
      expect(await create({}, { console_type: "vnc" })).toMatchObject({ status: 400, body: { message: refusal } });
      const made = await create({}, { console_type: "none" });
      expect(made.body).toMatchObject({ console_type: "none", console: null });
      expect(await api.put(`${nodes}/${made.body.node_id}`, { console_type: "vnc" })).toMatchObject({ status: 400, body: { message: refusal } });
    });

    it("gives each node an aux console port of its own, kept through edits, new for a duplicate, freed with the node", async () => {
      const first = (await create({})).body;
      const second = (await create({})).body;
      const held = [first.console, first.properties.aux, second.console, second.properties.aux];
      expect(held.every((port) => typeof port === "number")).toBe(true);
      expect(new Set(held).size).toBe(4);
      const path = `${nodes}/${first.node_id}`;
      expect((await api.put(path, { properties: { aux: second.properties.aux, environment: "A=1" } })).body.properties).toMatchObject({ aux: first.properties.aux, environment: "A=1" });
      const copy = await api.post(`${path}/duplicate`, { x: 10, y: 10 });
      expect(copy.status).toBe(201);
      expect([copy.body.console, copy.body.properties.aux].some((port: number) => held.includes(port))).toBe(false);
      expect(await create({ aux: second.properties.aux })).toMatchObject({ status: 409, body: { message: `Aux console port ${second.properties.aux} is already used on compute local` } });
      expect((await api.delete(`${nodes}/${second.node_id}`)).status).toBe(204);
      expect((await create({ aux: second.properties.aux })).body.properties.aux).toBe(second.properties.aux);
    });

    it("refuses a bad edit and keeps the node as it was", async () => {
      const made = await create({ environment: "A=1" });
      const path = `${nodes}/${made.body.node_id}`;
      expect(await api.put(path, { properties: { environment: "B" } })).toMatchObject({ status: 400 });
      expect((await api.get(path)).body.properties.environment).toBe("A=1");
    });
  },
  { workerd: true },
);
