// Renders deploy/kubernetes the way `kubectl apply -k` (kustomize) does, for the features it uses and no
// others: resources (files), configMapGenerator (envs, literals; behavior create, or replace/merge in an
// overlay given as `overrides`), generatorOptions.disableNameSuffixHash and replacements from a ConfigMap's
// data into fields. A kustomization using anything else is refused by name, so the offline checks never
// judge something other than what the cluster would get; where kubectl is installed, the tests compare
// this rendering with its own.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";

const KNOWN_KEYS = new Set(["apiVersion", "kind", "resources", "generatorOptions", "configMapGenerator", "replacements"]);

/** KEY=VALUE lines of a kustomize env file (# comments and blank lines skipped). */
export function readEnvFile(file) {
  const data = {};
  for (const [i, raw] of fs.readFileSync(file, "utf8").split("\n").entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) throw new Error(`${file}:${i + 1}: expected KEY=VALUE, got "${line}"`);
    data[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return data;
}

function literalsOf(list, where) {
  const data = {};
  for (const item of list ?? []) {
    const eq = item.indexOf("=");
    if (eq <= 0) throw new Error(`${where}: literal "${item}" is not KEY=VALUE`);
    data[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return data;
}

/** "a.b.[name=x].c" → ["a", "b", {name: "x"}, "c"] */
function parseFieldPath(fieldPath) {
  return fieldPath.split(/\.(?![^[]*\])/).map((part) => {
    const m = /^\[(\w+)=(.+)\]$/.exec(part);
    return m ? { [m[1]]: m[2] } : part;
  });
}

function walk(object, steps) {
  let node = object;
  for (const step of steps) {
    if (node === undefined) return undefined;
    if (typeof step === "string") node = node[step];
    else {
      const [key, value] = Object.entries(step)[0];
      node = Array.isArray(node) ? node.find((item) => item?.[key] === value) : undefined;
    }
  }
  return node;
}

function setPath(object, fieldPath, value, where) {
  const steps = parseFieldPath(fieldPath);
  const last = steps.pop();
  const parent = walk(object, steps);
  if (parent === undefined || typeof last !== "string") throw new Error(`${where}: no field ${fieldPath} to replace`);
  // As kustomize: a field that holds a number keeps being one (completions: "4" → 4).
  if (typeof parent[last] === "number") {
    const n = Number(value);
    if (!Number.isFinite(n) || value.trim() === "") throw new Error(`${where}: ${fieldPath} takes a number, got "${value}"`);
    parent[last] = n;
  } else parent[last] = value;
}

function matches(object, select) {
  return Object.entries(select).every(([key, want]) =>
    key === "kind" ? object.kind === want : key === "name" ? object.metadata?.name === want : false);
}

/**
 * The objects `kubectl kustomize dir` would print (not in its order: kustomize sorts them by kind).
 * `overrides` replace a generated ConfigMap's data, as run-load's overlay does: {"dockside-run": {START_AT: …}}.
 */
export function render(dir, overrides = {}) {
  const file = path.join(dir, "kustomization.yaml");
  const k = YAML.parse(fs.readFileSync(file, "utf8"));
  for (const key of Object.keys(k)) if (!KNOWN_KEYS.has(key)) throw new Error(`${file}: render.mjs does not know "${key}"`);
  if (!k.generatorOptions?.disableNameSuffixHash && k.configMapGenerator)
    throw new Error(`${file}: render.mjs renders generated names without a hash suffix only`);
  const generated = [];
  for (const g of k.configMapGenerator ?? []) {
    const where = `${file} configMapGenerator ${g.name}`;
    for (const key of Object.keys(g)) if (!["name", "envs", "literals"].includes(key)) throw new Error(`${where}: render.mjs does not know "${key}"`);
    let data = {};
    for (const env of g.envs ?? []) Object.assign(data, readEnvFile(path.join(dir, env)));
    Object.assign(data, literalsOf(g.literals, where));
    if (overrides[g.name]) data = { ...overrides[g.name] };
    generated.push({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: g.name }, data });
  }
  const resources = [];
  for (const r of k.resources ?? []) {
    const text = fs.readFileSync(path.join(dir, r), "utf8");
    for (const doc of YAML.parseAllDocuments(text)) {
      if (doc.errors.length) throw new Error(`${r}: ${doc.errors[0].message}`);
      const object = doc.toJS();
      if (object) resources.push(object);
    }
  }
  const all = [...generated, ...resources];
  for (const [i, rep] of (k.replacements ?? []).entries()) {
    const where = `${file} replacements[${i}]`;
    const source = all.find((o) => matches(o, { kind: rep.source.kind, name: rep.source.name }));
    if (!source) throw new Error(`${where}: no ${rep.source.kind} ${rep.source.name}`);
    const value = walk(source, parseFieldPath(rep.source.fieldPath));
    if (value === undefined) throw new Error(`${where}: ${rep.source.name} has no ${rep.source.fieldPath}`);
    for (const target of rep.targets) {
      const chosen = all.filter((o) => matches(o, target.select));
      if (chosen.length === 0) throw new Error(`${where}: nothing matches ${JSON.stringify(target.select)}`);
      for (const o of chosen) for (const fp of target.fieldPaths) setPath(o, fp, String(value), where);
    }
  }
  return all;
}

/** The object of `kind` named `name` among `objects`; throws naming it when absent. */
export function find(objects, kind, name) {
  const found = objects.find((o) => o.kind === kind && o.metadata?.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the rendered manifests`);
  return found;
}
