// ctest openapi_dockside_conventions: the house conventions of the spec that no OpenAPI validator
// knows - operation extensions, status codes, security and scopes, the channel header, x-rule ids,
// and CONV-FIELDS (response schemas require every field they list).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "yaml";
import { loadSpec, operations, SPEC_PATH } from "./lib/load_spec.mjs";

const spec = loadSpec();
const ops = operations(spec);
const AUTH_OPS = new Set(["authorize", "token"]);
const AREAS = new Set(["channels", "orders", "shipments", "products", "returns", "receiving", "locations",
  "inventory", "billing", "webhooks", "auth"]);
const SCOPE_PREFIX = { channels: "channels", orders: "orders", shipments: "fulfillments", products: "products",
  returns: "returns", receiving: "receiving", locations: "locations", inventory: "inventory", billing: "billing",
  webhooks: "webhooks" };
const SUCCESS = { createOrder: "201", createVariants: "201", mergeVariants: "201", deleteWebhook: "204" };
const SCOPES = ["billing_read", "channels_read", "fulfillments_read", "fulfillments_write", "inventory_read",
  "inventory_write", "locations_read", "locations_write", "orders_read", "orders_write", "pricing_read",
  "products_read", "products_write", "receiving_read", "receiving_write", "returns_read", "returns_write",
  "webhooks_read", "webhooks_write", "offline_access", "openid"];
const REQUEST_SUFFIXES = /(Request|Create|Input)$/;

/** Runs check(entry) on every operation and fails once, listing every operation that broke the convention. */
function everyOperation(check, filter = () => true) {
  const failures = ops.filter(filter).flatMap((o) => {
    const problem = check(o);
    return problem ? [`${o.id} (${o.method} ${o.path}): ${problem}`] : [];
  });
  assert.deepEqual(failures, []);
}

const isWrite = (o) => o.method !== "GET";
const deref = (node) => {
  if (!node?.$ref) return node;
  return node.$ref.split("/").slice(1).reduce((at, part) => at?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
};
const channelParam = (o) => (o.op.parameters ?? []).map(deref).find((p) => p?.in === "header" && p.name === "service_channel_id");

test("every operation carries x-section, x-area, x-rules and x-channel-header", () => {
  everyOperation(({ op }) => {
    if (typeof op["x-section"] !== "string" || op["x-section"] === "") return "x-section missing";
    if (!AREAS.has(op["x-area"])) return `x-area ${JSON.stringify(op["x-area"])} is not one of the areas`;
    if (!Array.isArray(op["x-rules"]) || op["x-rules"].length === 0) return "x-rules missing or empty";
    if (!["required", "optional", "not-used"].includes(op["x-channel-header"])) return "x-channel-header missing or invalid";
    return "";
  });
});

test("success codes follow the Errors table, with 4XX everywhere but webhook delete and no 5XX", () => {
  everyOperation(({ id, op }) => {
    const codes = Object.keys(op.responses ?? {});
    const success = codes.filter((c) => c.startsWith("2"));
    const expected = SUCCESS[id] ?? "200";
    if (success.length !== 1 || success[0] !== expected) return `success codes ${success}, expected ${expected}`;
    if (codes.some((c) => c.startsWith("5"))) return "declares a 5XX response";
    if (id === "deleteWebhook") {
      return codes.join(",") === "204,400,401,403" ? "" : `responses ${codes}, expected exactly 204,400,401,403 (WH-DELETE)`;
    }
    return op.responses["4XX"]?.$ref === "#/components/responses/Rejected" ? "" : "4XX is not the shared Rejected response";
  });
});

test("the channel header parameter and security follow x-channel-header", () => {
  everyOperation((o) => {
    const mode = o.op["x-channel-header"];
    const param = channelParam(o);
    if (mode === "not-used" && param) return "declares the channel header although x-channel-header is not-used";
    if (mode !== "not-used" && !param) return `x-channel-header is ${mode} but no service_channel_id parameter`;
    if (param && param.required !== (mode === "required")) return `parameter required=${param.required}, x-channel-header ${mode}`;
    const andsChannel = (o.op.security ?? []).every((alt) => "channelHeader" in alt);
    if (mode === "required" && !andsChannel) return "channel header required but not AND'ed in every security alternative";
    if (mode !== "required" && (o.op.security ?? []).some((alt) => "channelHeader" in alt)) return "channelHeader in security although not required";
    if (isWrite(o) && !AUTH_OPS.has(o.id) && mode === "optional" && o.id !== "queryTransactions") return "a write with an optional channel header";
    return "";
  });
});

test("API operations need bearerAuth or oauth2 with the area's read or write scope; the auth server needs none", () => {
  everyOperation((o) => {
    const security = o.op.security;
    if (AUTH_OPS.has(o.id)) return Array.isArray(security) && security.length === 0 ? "" : "must declare security: []";
    // transactions:query is a POST that only reads; the document lists no billing_write scope.
    const access = isWrite(o) && o.id !== "queryTransactions" ? "write" : "read";
    const scope = `${SCOPE_PREFIX[o.op["x-area"]]}_${access}`;
    const schemes = (security ?? []).map((alt) => Object.keys(alt).filter((k) => k !== "channelHeader").join("+"));
    if (schemes.join(",") !== "bearerAuth,oauth2") return `security alternatives ${schemes}, expected bearerAuth,oauth2`;
    const wrong = security.filter((alt) => JSON.stringify(alt.bearerAuth ?? alt.oauth2) !== JSON.stringify([scope]));
    return wrong.length ? `scope is not [${scope}]` : "";
  });
});

test("the security schemes are bearerAuth, oauth2 with the 21 scopes, and the channel header", () => {
  const schemes = spec.components.securitySchemes;
  assert.deepEqual(Object.keys(schemes).sort(), ["bearerAuth", "channelHeader", "oauth2"]);
  assert.equal(schemes.bearerAuth.scheme, "bearer");
  assert.deepEqual(Object.keys(schemes.oauth2.flows.authorizationCode.scopes).sort(), [...SCOPES].sort());
  assert.match(schemes.oauth2.flows.authorizationCode.authorizationUrl, /\/connect\/authorize$/);
  assert.match(schemes.oauth2.flows.authorizationCode.tokenUrl, /\/connect\/token$/);
  assert.deepEqual([schemes.channelHeader.in, schemes.channelHeader.name], ["header", "service_channel_id"]);
});

test("operations of 'Other operations' mark their unshown parts", () => {
  everyOperation(({ op }) => {
    const parts = op["x-unspecified"];
    return Array.isArray(parts) && parts.includes("response") ? "" : "x-unspecified must list response";
  }, ({ op }) => op["x-section"] === "Other operations that exist in this version");
});

test("API paths start with /2025-07 (CONV-PATH); the auth server paths carry their own servers entry", () => {
  everyOperation(({ id, path }) => {
    if (AUTH_OPS.has(id)) return spec.paths[path].servers?.[0]?.url === "{auth_url}" ? "" : "no {auth_url} server";
    return path.startsWith("/2025-07/") ? "" : "path does not start with /2025-07/";
  });
  assert.equal(spec.servers[0].url, "{base_url}");
});

/** Every schema node, walked with its JSON pointer, calling visit(node, pointer). */
function walk(node, at, visit) {
  if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`, visit));
  if (typeof node !== "object" || node === null) return;
  visit(node, at);
  for (const [k, v] of Object.entries(node)) if (!k.startsWith("x-") && k !== "enum") walk(v, `${at}/${k}`, visit);
}

/** Names of component schemas reachable from the success responses of operations. */
function responseSchemaNames() {
  const names = new Set();
  const follow = (node) => walk(node, "", (n) => {
    const m = typeof n.$ref === "string" && n.$ref.match(/^#\/components\/schemas\/(.+)$/);
    if (m && !names.has(m[1])) {
      names.add(m[1]);
      follow(spec.components.schemas[m[1]]);
    }
  });
  for (const { op } of ops) {
    for (const [code, r] of Object.entries(op.responses ?? {})) if (code.startsWith("2")) follow(deref(r)?.content);
  }
  return names;
}

test("response schemas require every field they list (CONV-FIELDS) and are not request shapes", () => {
  const failures = [];
  for (const name of responseSchemaNames()) {
    if (REQUEST_SUFFIXES.test(name)) failures.push(`${name} is a request shape used in a response`);
    walk(spec.components.schemas[name], `#/components/schemas/${name}`, (n, at) => {
      if (!n.properties) return;
      // x-present-when marks a field the document itself makes conditional (refresh_token).
      const missing = Object.entries(n.properties)
        .filter(([p, sub]) => !(n.required ?? []).includes(p) && !sub?.["x-present-when"])
        .map(([p]) => p);
      if (missing.length) failures.push(`${at}: not required: ${missing.join(", ")}`);
    });
  }
  assert.deepEqual(failures, []);
});

test("no schema forbids extra fields (additionalProperties: false is left to a strict profile)", () => {
  const failures = [];
  walk(spec, "#", (n, at) => { if (n.additionalProperties === false) failures.push(at); });
  assert.deepEqual(failures, []);
});

function findRulesFile() {
  const candidates = [process.env.DOCKSIDE_RULES_MD, resolve(SPEC_PATH, "../../../shared/RULES.md")].filter(Boolean);
  return candidates.find((c) => existsSync(c));
}

/** The rules the rules data adds to RULES.md (`added: true`): each has its id, text and check there. */
function addedRuleIds() {
  const data = parse(readFileSync(resolve(SPEC_PATH, "../rules.yaml"), "utf8"));
  return (data.rules ?? []).filter((r) => r.added === true).map((r) => r.id);
}

test("every x-rule and x-rules id exists in RULES.md or is a rule the rules data adds", (t) => {
  const file = findRulesFile();
  if (!file) {
    t.skip("RULES.md not found (set DOCKSIDE_RULES_MD or keep shared/ beside the repository)");
    return;
  }
  const known = new Set([...readFileSync(file, "utf8").matchAll(/^\| ([A-Z0-9]+(?:-[A-Z0-9]+)+) \|/gm)].map((m) => m[1]));
  assert.ok(known.size > 50, `only ${known.size} rule ids read from ${file}`);
  for (const id of addedRuleIds()) known.add(id);
  const unknown = new Set();
  walk(spec, "#", (n, at) => {
    if (typeof n["x-rule"] === "string" && !known.has(n["x-rule"])) unknown.add(`${at}: ${n["x-rule"]}`);
    for (const id of Array.isArray(n["x-rules"]) ? n["x-rules"] : []) if (!known.has(id)) unknown.add(`${at}: ${id}`);
  });
  for (const r of spec["x-removed-paths"] ?? []) if (!known.has(r.rule)) unknown.add(`x-removed-paths: ${r.rule}`);
  assert.deepEqual([...unknown], []);
});

test("every path template variable is a declared, required path parameter, and no other path parameter exists", () => {
  everyOperation((o) => {
    const inTemplate = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    const declared = (o.op.parameters ?? []).map(deref).filter((p) => p?.in === "path");
    const names = declared.map((p) => p.name).sort();
    if (JSON.stringify(inTemplate) !== JSON.stringify(names)) return `template {${inTemplate}} but path parameters {${names}}`;
    const optional = declared.filter((p) => p.required !== true).map((p) => p.name);
    return optional.length ? `path parameters not required: ${optional}` : "";
  });
});
