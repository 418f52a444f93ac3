import { z } from "zod";

/** An entry of `GET /v2/symbols`. */
export const symbolWire = z.object({ builtin: z.boolean(), filename: z.string(), symbol_id: z.string(), theme: z.string() });

export const symbolDimensionsWire = z.object({ height: z.int(), width: z.int() });

/** Theme name → node kind → symbol id. */
export const defaultSymbolsWire = z.record(z.string(), z.record(z.string(), z.string()));
