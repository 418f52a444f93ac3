import { describe, expect, it } from "vitest";
import { conflictingRequest, invalidRequest, missingRecord } from "../domain/errors";
import { KvConflict } from "../store/kv";
import { ApiError, asApiError } from "./api-error";

describe("asApiError", () => {
  it("answers each domain refusal with GNS3's status and the domain's message", () => {
    expect(asApiError(invalidRequest("bad"))).toEqual(new ApiError(400, "bad"));
    expect(asApiError(missingRecord("Node ID x doesn't exist"))).toMatchObject({ status: 404, message: "Node ID x doesn't exist" });
    expect(asApiError(conflictingRequest("Port is already used"))).toMatchObject({ status: 409, message: "Port is already used" });
  });

  it("tells the client to try again when a store conflict outlasted every retry", () => {
    expect(asApiError(new KvConflict("projects/p"))).toMatchObject({ status: 409, message: "The resource was changed by another request, try again" });
  });

  it("keeps an ApiError and leaves anything else to the caller", () => {
    const error = new ApiError(413, "too large");
    expect(asApiError(error)).toBe(error);
    expect(asApiError(new Error("bug"))).toBeUndefined();
  });
});
