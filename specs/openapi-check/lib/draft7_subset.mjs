// Checks that every Schema Object of an OpenAPI 3.1 document stays inside what JSON Schema draft 7
// understands, since the harness validates responses with valijson (draft 7). OpenAPI 3.1 allows
// the whole 2020-12 dialect, and its document schema accepts any object as a Schema Object, so this
// is the only place where a misspelt keyword or a 2020-12-only keyword is caught.
import Ajv from "ajv";
import addFormatsModule from "ajv-formats";

const addFormats = addFormatsModule.default ?? addFormatsModule;

/** Keywords of 2019-09/2020-12 (or OpenAPI 3.0) that draft 7 does not know: valijson would ignore them silently. */
const NOT_IN_DRAFT7 = new Set([
  "prefixItems", "$defs", "unevaluatedProperties", "unevaluatedItems", "nullable", "dependentSchemas",
  "dependentRequired", "$dynamicRef", "$dynamicAnchor", "$anchor", "$recursiveRef", "$recursiveAnchor",
  "minContains", "maxContains", "contentSchema", "$vocabulary",
]);

/** Keywords draft 7 tolerates beside $ref because they only annotate (draft 7 ignores $ref siblings). */
const REF_SIBLINGS_OK = new Set(["description", "title", "summary", "example", "examples", "deprecated", "readOnly", "writeOnly"]);

/** OpenAPI annotations that may appear inside a Schema Object. */
const OPENAPI_SCHEMA_KEYWORDS = ["example", "discriminator", "xml", "externalDocs"];

/** Formats from the OpenAPI format registry that Ajv does not define. */
const OPENAPI_FORMATS = {
  int32: { type: "number", validate: (n) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 },
  int64: { type: "number", validate: (n) => Number.isInteger(n) },
  float: { type: "number", validate: () => true },
  double: { type: "number", validate: () => true },
  password: { type: "string", validate: () => true },
};

const SCHEMA_MAPS = ["properties", "patternProperties", "definitions"];
const SCHEMA_SINGLES = ["additionalItems", "additionalProperties", "contains", "propertyNames", "not", "if", "then", "else"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf"];
const SPEC_ID = "https://dockside.invalid/openapi-schemas.json";
const LOCAL_PREFIX = "#/components/schemas/";

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const pointer = (parts) => "/" + parts.map((p) => String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Calls visit(schema, path) on a schema and on every subschema inside it. */
function walkSchema(schema, path, visit) {
  if (!isObject(schema)) return;
  visit(schema, path);
  for (const key of SCHEMA_MAPS) {
    if (isObject(schema[key])) {
      for (const [name, sub] of Object.entries(schema[key])) walkSchema(sub, [...path, key, name], visit);
    }
  }
  for (const key of SCHEMA_SINGLES) walkSchema(schema[key], [...path, key], visit);
  for (const key of SCHEMA_LISTS) {
    if (Array.isArray(schema[key])) schema[key].forEach((sub, i) => walkSchema(sub, [...path, key, i], visit));
  }
  if (Array.isArray(schema.items)) schema.items.forEach((sub, i) => walkSchema(sub, [...path, "items", i], visit));
  else walkSchema(schema.items, [...path, "items"], visit);
  if (isObject(schema.dependencies)) {
    for (const [name, sub] of Object.entries(schema.dependencies)) walkSchema(sub, [...path, "dependencies", name], visit);
  }
}

/** Every Schema Object the document holds outside components/schemas, with its JSON pointer path. */
function inlineSchemas(spec) {
  const found = [];
  const fromContent = (content, path) => {
    if (!isObject(content)) return;
    for (const [type, media] of Object.entries(content)) {
      if (isObject(media) && media.schema !== undefined) found.push([media.schema, [...path, "content", type, "schema"]]);
    }
  };
  const fromParameter = (param, path) => {
    if (!isObject(param)) return;
    if (param.schema !== undefined) found.push([param.schema, [...path, "schema"]]);
    fromContent(param.content, path);
  };
  const fromResponse = (response, path) => {
    if (!isObject(response)) return;
    fromContent(response.content, path);
    for (const [name, header] of Object.entries(response.headers ?? {})) fromParameter(header, [...path, "headers", name]);
  };
  const components = spec.components ?? {};
  for (const [name, p] of Object.entries(components.parameters ?? {})) fromParameter(p, ["components", "parameters", name]);
  for (const [name, h] of Object.entries(components.headers ?? {})) fromParameter(h, ["components", "headers", name]);
  for (const [name, b] of Object.entries(components.requestBodies ?? {})) fromContent(b?.content, ["components", "requestBodies", name]);
  for (const [name, r] of Object.entries(components.responses ?? {})) fromResponse(r, ["components", "responses", name]);
  for (const [route, item] of Object.entries(spec.paths ?? {})) {
    if (!isObject(item)) continue;
    (item.parameters ?? []).forEach((p, i) => fromParameter(p, ["paths", route, "parameters", i]));
    for (const [method, op] of Object.entries(item)) {
      if (!isObject(op) || method === "parameters" || method === "servers") continue;
      const base = ["paths", route, method];
      (op.parameters ?? []).forEach((p, i) => fromParameter(p, [...base, "parameters", i]));
      if (isObject(op.requestBody)) fromContent(op.requestBody.content, [...base, "requestBody"]);
      for (const [code, r] of Object.entries(op.responses ?? {})) fromResponse(r, [...base, "responses", code]);
    }
  }
  return found;
}

/** Problems Ajv cannot see: keywords draft 7 lacks, $ref siblings it would ignore, refs it cannot follow. */
function keywordProblems(schema, path) {
  const problems = [];
  walkSchema(schema, path, (node, at) => {
    for (const key of Object.keys(node)) {
      if (NOT_IN_DRAFT7.has(key)) problems.push(`draft7: ${pointer(at)}: keyword "${key}" is not JSON Schema draft 7`);
    }
    if (typeof node.$ref === "string") {
      if (!node.$ref.startsWith(LOCAL_PREFIX)) {
        problems.push(`draft7: ${pointer(at)}: $ref "${node.$ref}" must point into ${LOCAL_PREFIX}`);
      }
      const ignored = Object.keys(node).filter((k) => k !== "$ref" && !k.startsWith("x-") && !REF_SIBLINGS_OK.has(k));
      if (ignored.length) {
        problems.push(`draft7: ${pointer(at)}: draft 7 ignores ${ignored.join(", ")} beside $ref; wrap the $ref in allOf or anyOf`);
      }
    }
  });
  return problems;
}

/** A deep copy whose local schema refs point into one draft-7 document holding all component schemas. */
function rewriteRefs(value) {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!isObject(value)) return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === "$ref" && typeof v === "string" && v.startsWith(LOCAL_PREFIX)
      ? `${SPEC_ID}#/definitions/${v.slice(LOCAL_PREFIX.length)}`
      : rewriteRefs(v);
  }
  return out;
}

function extensionKeywords(schemas) {
  const names = new Set();
  for (const [schema, path] of schemas) {
    walkSchema(schema, path, (node) => Object.keys(node).filter((k) => k.startsWith("x-")).forEach((k) => names.add(k)));
  }
  return [...names];
}

function makeAjv(extensions, options = {}) {
  const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true, validateFormats: true, ...options });
  addFormats(ajv);
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, format);
  ajv.addVocabulary([...OPENAPI_SCHEMA_KEYWORDS, ...extensions]);
  return ajv;
}

/** The node's own keywords only: subschemas become `true`, $ref and non-draft-7 keywords are dropped. */
function shallow(node) {
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$ref" || NOT_IN_DRAFT7.has(k)) continue;
    if (SCHEMA_MAPS.includes(k) && isObject(v)) out[k] = Object.fromEntries(Object.keys(v).map((n) => [n, true]));
    else if (SCHEMA_SINGLES.includes(k) && isObject(v)) out[k] = true;
    else if (SCHEMA_LISTS.includes(k) && Array.isArray(v)) out[k] = v.map(() => true);
    else if (k === "items" && (isObject(v) || Array.isArray(v))) out[k] = Array.isArray(v) ? v.map(() => true) : true;
    else if (k === "dependencies" && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, d]) => [n, Array.isArray(d) ? d : true]));
    else out[k] = v;
  }
  return out;
}

/**
 * Ajv throws at the first strict-mode error of a schema; compiling every node on its own reports
 * each unknown keyword and unknown format. Type-dependent strict checks need the node's context,
 * so this pass leaves them to the whole-schema compile.
 */
function isolatedProblems(ajv, schema, path) {
  const problems = [];
  walkSchema(schema, path, (node, at) => {
    try {
      ajv.compile(shallow(node));
    } catch (e) {
      problems.push(`draft7: ${pointer(at)}: ${e.message}`);
    }
  });
  return problems;
}

/**
 * Returns a list of human-readable problems, one per line, each prefixed "draft7:" and naming the
 * JSON pointer of the offending schema in the OpenAPI document. An empty list means every schema
 * is a valid draft-7 schema that Ajv compiles in strict mode.
 */
export function draft7Problems(spec) {
  const componentSchemas = Object.entries(spec.components?.schemas ?? {}).map(([name, s]) => [s, ["components", "schemas", name]]);
  const all = [...componentSchemas, ...inlineSchemas(spec)];
  const extensions = extensionKeywords(all);
  const ajv = makeAjv(extensions);
  const isolatedAjv = makeAjv(extensions, { strictTypes: false, validateSchema: false });

  const problems = [];
  const clean = [];
  for (const [schema, path] of all) {
    const found = [...keywordProblems(schema, path), ...isolatedProblems(isolatedAjv, schema, path)];
    if (!ajv.validateSchema(rewriteRefs(schema))) {
      for (const e of ajv.errors ?? []) found.push(`draft7: ${pointer(path)}${e.instancePath}: ${e.message}`);
    }
    if (found.length) problems.push(...found);
    else clean.push([schema, path]);
  }

  const definitions = Object.fromEntries(Object.entries(spec.components?.schemas ?? {}).map(([n, s]) => [n, rewriteRefs(s)]));
  ajv.addSchema({ $id: SPEC_ID, definitions }, undefined, undefined, false);
  // In context: refs resolve, and strictTypes sees each keyword together with the types around it.
  for (const [schema, path] of clean) {
    const target = path[1] === "schemas" ? { $ref: `${SPEC_ID}#/definitions/${path[2]}` } : rewriteRefs(schema);
    try {
      ajv.compile(target);
    } catch (e) {
      problems.push(`draft7: ${pointer(path)}: ${e.message}`);
    }
  }
  return [...new Set(problems)];
}
