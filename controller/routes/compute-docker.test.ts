import { expect, it } from "vitest";
import { cleanupAfterEach, waitFor } from "@shared/testing/cleanups";
import { Kvm, type DockerFacts } from "@shared/proto";
import { describeApi } from "../testing/api-targets";
import { SteeredFacts } from "../../dataplane/control/testing";
import { daemonReporting } from "../testing/reporting-daemon";

const TOKEN = "docker-facts-token";
const { later, tempDir } = cleanupAfterEach();

const engine = (docker: DockerFacts | null) =>
  new SteeredFacts({ qemuBinaries: [], kvm: Kvm.KVM_UNPROBED, kvmDetail: "", kvmPlatforms: [], busyConsolePorts: [], interfaces: [], docker });

describeApi(
  "the Docker images of the computes",
  (api) => {
    it("are none before any daemon reported, and 404 for an unknown compute", async () => {
      expect(await api.get("/v2/compute/docker/images")).toMatchObject({ status: 200, body: [] });
      expect((await api.get("/v2/computes/nowhere/docker/images")).body).toEqual({ message: "Compute ID nowhere doesn't exist", status: 404 });
    });

    it("are the host's engine's, as its daemon reported them, in GNS3's shape", async (context) => {
      const facts = engine({ available: true, dockerHost: "unix:///run/docker.sock", detail: "Docker Engine 20.10.24 (API 1.41)", images: ["alpine:3.20", "busybox:latest"] });
      await daemonReporting({ api, context, hostId: "docker-host-1", facts, token: TOKEN, later, tempDir });
      const images = await waitFor("the reported images", async () => {
        const reply = await api.get("/v2/computes/docker-host-1/docker/images");
        return reply.status === 200 && reply.body.length > 0 && reply.body;
      });
      expect(images).toEqual([{ image: "alpine:3.20" }, { image: "busybox:latest" }]);

      // Pulled since the daemon's last report, and listed at once: the daemon reads its engine when asked.
      facts.engineChangedUnseen({ available: true, dockerHost: "unix:///run/docker.sock", detail: "Docker Engine 20.10.24 (API 1.41)", images: ["alpine:3.20", "busybox:latest", "frr:9"] });
      expect((await api.get("/v2/computes/docker-host-1/docker/images")).body).toEqual([{ image: "alpine:3.20" }, { image: "busybox:latest" }, { image: "frr:9" }]);

      facts.change({ docker: { available: false, dockerHost: "unix:///run/docker.sock", detail: "no Docker Engine answers at unix:///run/docker.sock: connect ENOENT /run/docker.sock", images: [] } });
      const refused = await waitFor("the engine gone", async () => {
        const reply = await api.get("/v2/computes/docker-host-1/docker/images");
        return reply.status === 409 && reply.body;
      });
      expect(refused).toEqual({
        message: "Docker is not available on dataplane host docker-host-1: no Docker Engine answers at unix:///run/docker.sock: connect ENOENT /run/docker.sock (set DOCKER_HOST for its daemon)",
        status: 409,
      });
    });

    it("of the local compute are its daemon's, on the compute API too", async (context) => {
      await daemonReporting({ api, context, hostId: "local", facts: engine({ available: true, dockerHost: "unix:///d.sock", detail: "Docker Engine 20.10.24 (API 1.41)", images: ["frr:9"] }), token: TOKEN, later, tempDir });
      await waitFor("the local daemon's images", async () => (await api.get("/v2/compute/docker/images")).body?.[0]?.image === "frr:9");
      expect((await api.get("/v2/computes/local/docker/images")).body).toEqual([{ image: "frr:9" }]);
    });
  },
  { workerd: true, dataplaneToken: TOKEN },
);
