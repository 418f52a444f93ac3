import { describe, expect, it } from "vitest";
import { forwardedReading, framesPerSecond, hostProblems, hostState, type HostCompute, type HostDataplane } from "./host-state";

const CALM: HostDataplane = {
  connected: true, daemon_version: "0.1.0", errors: [], kvm_detail: "", left_out: [],
  forwarded_frames: 0, forwarded_sampled_at: null, revision: 3, applied_revision: 3, tunnel_address: "10.0.0.2", udp_port_range: [20000, 30000],
};

function compute(dataplane?: Partial<HostDataplane>, extra: Partial<HostCompute> = {}): HostCompute {
  return { compute_id: "h1", name: "h1", connected: true, last_error: null, ...(dataplane ? { dataplane: { ...CALM, ...dataplane } } : {}), ...extra };
}

describe("hostState", () => {
  it("tells a connected daemon from one that is gone and a compute no daemon ever connected as", () => {
    expect(hostState(compute({}))).toBe("connected");
    expect(hostState(compute({ connected: false }))).toBe("unreachable");
    expect(hostState(compute())).toBe("no-daemon");
  });
});

describe("hostProblems", () => {
  it("is empty for a calm host", () => {
    expect(hostProblems(compute({}))).toEqual([]);
    expect(hostProblems(compute())).toEqual([]);
  });

  it("lists the compute's last error, a revision not yet applied, failed items, items left out and why KVM is unused", () => {
    const problems = hostProblems(
      compute(
        {
          revision: 5,
          applied_revision: 4,
          errors: [{ id: "n1", kind: "node", message: "vpcs not found", project_id: "p" }],
          left_out: [{ id: "n2", kind: "node", project_id: "p", reason: "docker is not supported" }],
          kvm_detail: "/dev/kvm does not exist",
        },
        { last_error: "Host unreachable" },
      ),
    );
    expect(problems).toEqual([
      "Host unreachable",
      "Applying revision 5 (applied: 4)",
      "Failed to apply node n1: vpcs not found",
      "Not run here: node n2: docker is not supported",
      "QEMU runs without KVM: /dev/kvm does not exist",
    ]);
  });

  it("does not call a revision pending on a host that is gone: it is unreachable, which says more", () => {
    expect(hostProblems(compute({ connected: false, revision: 5, applied_revision: 4 }))).toEqual([]);
  });
});

describe("framesPerSecond", () => {
  const at = (frames: number, sampledAtMs: number) => ({ frames, sampledAtMs });

  it("divides the frames between two readings by the time between the host's reports", () => {
    expect(framesPerSecond(at(100, 1000), at(500, 3000))).toBe(200);
    expect(framesPerSecond(at(100, 1000), at(100, 2000))).toBe(0);
  });

  it("cannot tell with no newer report in between, or after the total went back", () => {
    expect(framesPerSecond(at(100, 1000), at(150, 1000))).toBeUndefined();
    expect(framesPerSecond(at(100, 1000), at(20, 2000))).toBeUndefined();
  });

  it("reads a reading only once the host reported", () => {
    expect(forwardedReading(undefined)).toBeUndefined();
    expect(forwardedReading(CALM)).toBeUndefined();
    expect(forwardedReading({ ...CALM, forwarded_frames: 7, forwarded_sampled_at: "2026-06-01T12:00:01.000Z" })).toEqual({ frames: 7, sampledAtMs: Date.UTC(2026, 5, 1, 12, 0, 1) });
  });
});
