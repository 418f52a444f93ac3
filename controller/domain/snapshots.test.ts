import { describe, expect, it } from "vitest";
import { asApiError } from "../http/api-error";
import { assertSnapshotNameFree, newSnapshot, snapshotsConfText, snapshotsInFolder, snapshotToWire, sortedSnapshots } from "./snapshots";

const PROJECT = "11111111-1111-4111-8111-111111111111";
const S1 = "aaaaaaaa-0000-4000-8000-000000000001";
const S2 = "aaaaaaaa-0000-4000-8000-000000000002";
const FRESH = "ffffffff-0000-4000-8000-000000000000";

describe("newSnapshot", () => {
  it("dates it in whole UTC seconds, describes it as GNS3 does, and names its file after its id", () => {
    const snapshot = newSnapshot({ name: "before/../upgrade" }, S1, new Date("2016-07-28T17:41:16.900Z"));
    expect(snapshot).toEqual({
      snapshot_id: S1,
      name: "before/../upgrade",
      created_at: 1469727676,
      description: "Snapshot 'before/../upgrade' taken on 2016-07-28 at 17:41:16",
      filename: `${S1}.gns3snapshot`,
    });
    expect(snapshotToWire(snapshot, PROJECT)).toEqual({ ...snapshot, project_id: PROJECT });
    expect(Object.keys(snapshotToWire(snapshot, PROJECT))).toEqual(["created_at", "description", "filename", "name", "project_id", "snapshot_id"]);
  });

  it("keeps a description given", () => {
    expect(newSnapshot({ name: "a", description: "mine" }, S1, new Date(0)).description).toBe("mine");
  });
});

describe("snapshot names and order", () => {
  it("refuses a name already used in the project with GNS3's 409", () => {
    const existing = [newSnapshot({ name: "a" }, S1, new Date(0))];
    expect(() => assertSnapshotNameFree("b", existing)).not.toThrow();
    let refusal: unknown;
    try {
      assertSnapshotNameFree("a", existing);
    } catch (error) {
      refusal = asApiError(error);
    }
    expect(refusal).toMatchObject({ status: 409, message: "The snapshot name a already exists" });
  });

  it("lists oldest first, by name within a second", () => {
    const late = newSnapshot({ name: "a" }, S1, new Date(2000));
    const earlyB = newSnapshot({ name: "b" }, S2, new Date(1000));
    const earlyA = newSnapshot({ name: "a" }, FRESH, new Date(1000));
    expect(sortedSnapshots([late, earlyB, earlyA]).map((s) => s.snapshot_id)).toEqual([FRESH, S2, S1]);
  });
});

describe("snapshots of a folder", () => {
  const one = newSnapshot({ name: "one" }, S1, new Date(1_000_000));
  const two = newSnapshot({ name: "two" }, S2, new Date(2_000_000));
  const conf = snapshotsConfText([two, one], PROJECT);

  it("writes snapshots.conf as GNS3 does, and reads back the entries whose file is there", () => {
    expect(JSON.parse(conf)).toEqual([snapshotToWire(one, PROJECT), snapshotToWire(two, PROJECT)]);
    expect(snapshotsInFolder([`snapshots/${one.filename}`, "project-files/x"], conf, () => FRESH)).toEqual([one]);
  });

  it("skips entries naming a file outside the folder, repeated names, and unreadable ones", () => {
    const entries = [
      { ...snapshotToWire(one, PROJECT) },
      { ...snapshotToWire(two, PROJECT), filename: "../escape.gns3snapshot" },
      { ...snapshotToWire(two, PROJECT), snapshot_id: "not-a-uuid", filename: "b.gns3snapshot", name: "one" },
      { ...snapshotToWire(two, PROJECT), snapshot_id: "not-a-uuid", filename: "c.gns3snapshot", description: "" },
      { name: "no date", filename: "d.gns3snapshot" },
      "junk",
    ];
    const files = ["a", "b", "c", "d"].map((name) => `snapshots/${name}.gns3snapshot`).concat(`snapshots/${one.filename}`, "escape.gns3snapshot");
    expect(snapshotsInFolder(files, JSON.stringify(entries), () => FRESH)).toEqual([
      one,
      { ...two, snapshot_id: FRESH, filename: "c.gns3snapshot", description: "Snapshot 'two' taken on 1970-01-01 at 00:33:20" },
    ]);
  });

  it("finds the name_ddmmyy_HHMMSS.gns3project files of older GNS3 when there is no snapshots.conf", () => {
    const files = ["snapshots/onedevice_280716_174116.gns3project", "snapshots/under_score_010170_000000.gns3project", "snapshots/bad_320116_000000.gns3project", "snapshots/x.gns3snapshot"];
    const ids = [S1, S2];
    expect(snapshotsInFolder(files, undefined, () => ids.shift()!)).toEqual([
      { snapshot_id: S2, name: "under_score", created_at: 0, description: "Snapshot 'under_score' taken on 1970-01-01 at 00:00:00", filename: "under_score_010170_000000.gns3project" },
      { snapshot_id: S1, name: "onedevice", created_at: 1469727676, description: "Snapshot 'onedevice' taken on 2016-07-28 at 17:41:16", filename: "onedevice_280716_174116.gns3project" },
    ]);
  });

  it("takes an empty or unreadable snapshots.conf as none", () => {
    expect(snapshotsInFolder(["snapshots/a_010170_000000.gns3project"], "not json", () => FRESH)).toHaveLength(1);
    expect(snapshotsInFolder(["snapshots/x.gns3snapshot"], "[]", () => FRESH)).toEqual([]);
  });
});
