import $protobuf from "protobufjs/minimal.js";

/**
 * protobufjs decodes 64-bit integers as `Long` objects whenever the `long` package is
 * installed (it is, as a dependency of protobufjs). Our 64-bit fields are revisions and
 * counters, far below 2^53, and the generated types (`--force-number`) say `number`; this
 * makes the runtime agree. It must run before the generated module is evaluated, because that
 * module sets 64-bit field defaults on its prototypes from `util.Long` — hence its own module,
 * imported first by `index.ts`.
 */
$protobuf.util.Long = undefined as unknown as typeof $protobuf.util.Long;
$protobuf.configure();
