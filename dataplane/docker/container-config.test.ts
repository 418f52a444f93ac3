import { describe, expect, it } from "vitest";
import type { DockerSpec } from "@shared/proto";
import { containerConfig, containerName, keptFolders, type ContainerPlace } from "./container-config";

const spec = (overrides: Partial<DockerSpec> = {}): DockerSpec => ({
  image: "frr:latest",
  command: [],
  environment: ["SITE=lab"],
  extraHosts: [],
  extraVolumes: [],
  consoleType: "telnet",
  auxPort: 0,
  adapters: [{ adapterNumber: 0, macAddress: "02:42:00:00:00:00" }, { adapterNumber: 1, macAddress: "02:42:00:00:00:01" }],
  networkInterfaces: "",
  ...overrides,
});

const place: ContainerPlace = {
  nodeId: "0e3a5c1d-0000-4000-8000-000000000001",
  projectId: "p1",
  name: "R 1",
  dataDir: "/var/lib/gns3",
  resourcesDir: "/var/lib/gns3/docker/resources",
  nodeDir: "/var/lib/gns3/docker/p1/n1",
  capabilities: "all",
};

describe("containerConfig", () => {
  it("runs our init before the image's entrypoint and command, networking disabled, privileged, with its folders and labels", () => {
    const config = containerConfig(spec(), { Entrypoint: ["/docker-start"], Cmd: ["frr"], Volumes: { "/etc/frr": {} } }, place);
    expect(config).toMatchObject({
      Hostname: "R-1",
      Image: "frr:latest",
      Entrypoint: ["/gns3/init.sh", "/docker-start"],
      Cmd: ["frr"],
      Tty: true,
      OpenStdin: true,
      NetworkDisabled: true,
      Labels: { "org.gns3.dataplane.data-dir": "/var/lib/gns3", "org.gns3.project-id": "p1", "org.gns3.node-id": place.nodeId },
      HostConfig: {
        NetworkMode: "none",
        CapAdd: ["ALL"],
        Privileged: true,
        Binds: ["/var/lib/gns3/docker/resources:/gns3:ro", "/var/lib/gns3/docker/p1/n1/etc/network:/gns3volumes/etc/network", "/var/lib/gns3/docker/p1/n1/etc/frr:/gns3volumes/etc/frr"],
      },
    });
    expect(config.Env).toEqual(["container=docker", "GNS3_ADAPTERS=2", "GNS3_VOLUMES=/etc/network:/etc/frr", "SITE=lab"]);
    expect(config).not.toHaveProperty("User");
  });

  it("takes the start command over the image's, and runs a shell when neither the image nor the node names one", () => {
    expect(containerConfig(spec({ command: ["sleep", "1d"] }), { Cmd: ["frr"] }, place)).toMatchObject({ Entrypoint: ["/gns3/init.sh"], Cmd: ["sleep", "1d"] });
    expect(containerConfig(spec(), { Entrypoint: null, Cmd: null }, place)).toMatchObject({ Entrypoint: ["/gns3/init.sh"], Cmd: ["/bin/sh"] });
    expect(containerConfig(spec(), { Entrypoint: "/entry.sh" }, place)).toMatchObject({ Entrypoint: ["/gns3/init.sh", "/entry.sh"], Cmd: [] });
  });

  it("runs the init as root and tells it the image's user; writes extra hosts as /etc/hosts lines", () => {
    const config = containerConfig(spec({ extraHosts: [{ name: "gw", address: "10.0.0.1" }, { name: "v6", address: "fd00::1" }] }), { User: "frr" }, place);
    expect(config.User).toBe("root");
    expect(config.Env).toContain("GNS3_USER=frr");
    expect(config.Env).toContain("GNS3_EXTRA_HOSTS=10.0.0.1\tgw\nfd00::1\tv6");
  });

  it("asks for all capabilities but SYS_RESOURCE, unprivileged, where the host cannot give them all", () => {
    const { HostConfig } = containerConfig(spec(), {}, { ...place, capabilities: "all-but-sys-resource" }) as { HostConfig: Record<string, unknown> };
    expect(HostConfig).toMatchObject({ CapAdd: ["ALL"], CapDrop: ["SYS_RESOURCE"] });
    expect(HostConfig).not.toHaveProperty("Privileged");
  });
});

describe("keptFolders", () => {
  it("keeps /etc/network, the image's volumes and the node's, a folder inside another one once", () => {
    expect(keptFolders(spec({ extraVolumes: ["/data/db", "/data", "/etc/network/if-up.d", "/var//log/"] }), { Volumes: { "/data/cache": {} } })).toEqual([
      "/etc/network",
      "/data",
      "/var/log",
    ]);
  });
});

describe("containerName", () => {
  it("is GNS3's GNS3.<name>.<project>, with the node id's start so two nodes of one name never clash, in the characters Docker allows", () => {
    expect(containerName(place)).toBe("GNS3.R_1.0e3a5c1d.p1");
  });
});
