// Shared by the node tests: where the spec is, how to read it, and how to walk its operations.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const HERE = dirname(fileURLToPath(import.meta.url));

/** The spec under test: $DOCKSIDE_OPENAPI_SPEC, else specs/fulfillment-2025-07.openapi.yaml. */
export const SPEC_PATH = process.env.DOCKSIDE_OPENAPI_SPEC ?? resolve(HERE, "../../fulfillment-2025-07.openapi.yaml");

export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Parses the spec (YAML or JSON); throws with the file name on any problem. */
export function loadSpec(path = SPEC_PATH) {
  try {
    return parse(readFileSync(path, "utf8"), { uniqueKeys: true });
  } catch (e) {
    throw new Error(`cannot load ${path}: ${e.message}`);
  }
}

/** Every operation as {method (upper case), path, id, op}. */
export function operations(spec) {
  const out = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      if (item?.[method]) out.push({ method: method.toUpperCase(), path, id: item[method].operationId, op: item[method] });
    }
  }
  return out;
}
