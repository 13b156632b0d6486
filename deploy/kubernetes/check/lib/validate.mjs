// The checks of the rendered manifests: each object against the Kubernetes API schema of its kind
// (kubernetes-models: the published OpenAPI schemas compiled to validators), then what a distributed run
// needs of them that no schema says, then the container command lines against dockside's own flags.
// Each returns its problems as strings naming the object; none throws for a problem of the manifests.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The kubernetes-models class of an object: batch/v1 Job → kubernetes-models/batch/v1/Job. */
async function modelOf(object) {
  if (typeof object.apiVersion !== "string" || typeof object.kind !== "string") return null;
  try {
    const module = await import(`kubernetes-models/${object.apiVersion}/${object.kind}`);
    return module[object.kind] ?? null;
  } catch {
    return null;
  }
}

const nameOf = (o) => `${o.kind ?? "?"} ${o.metadata?.name ?? "?"}`;

export async function schemaProblems(objects) {
  const problems = [];
  for (const object of objects) {
    const Model = await modelOf(object);
    if (!Model) {
      problems.push(`${nameOf(object)}: no Kubernetes schema for apiVersion ${object.apiVersion}, kind ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (e) {
      problems.push(`${nameOf(object)}: ${e.message}`);
    }
  }
  return problems;
}

const containersOf = (job) => job?.spec?.template?.spec?.containers ?? [];

/** The variables Kubernetes expands in a container's command line: its env, its ConfigMaps' keys, and
 *  JOB_COMPLETION_INDEX in an Indexed Job. */
function variablesOf(job, container, objects) {
  const names = new Set((container.env ?? []).map((e) => e.name));
  for (const from of container.envFrom ?? []) {
    const map = objects.find((o) => o.kind === "ConfigMap" && o.metadata?.name === from.configMapRef?.name);
    for (const key of Object.keys(map?.data ?? {})) names.add(key);
  }
  if (job.spec?.completionMode === "Indexed") names.add("JOB_COMPLETION_INDEX");
  return names;
}

/** What the distributed run needs of the manifests beyond the schemas (deploy/kubernetes/README). */
export function runProblems(objects) {
  const problems = [];
  const need = (ok, message) => ok || problems.push(message);
  const config = objects.find((o) => o.kind === "ConfigMap" && o.metadata?.name === "dockside-load");
  need(config, "no ConfigMap dockside-load (params.env)");
  const shards = Number(config?.data?.SHARDS);
  const load = objects.find((o) => o.kind === "Job" && o.metadata?.name === "dockside-load");
  const merge = objects.find((o) => o.kind === "Job" && o.metadata?.name === "dockside-merge");
  need(load, "no Job dockside-load");
  need(merge, "no Job dockside-merge");
  if (!load || !merge) return problems;

  const s = load.spec ?? {};
  need(s.completionMode === "Indexed", `Job dockside-load: completionMode is ${s.completionMode}, not Indexed`);
  need(s.completions === shards && s.parallelism === shards,
    `Job dockside-load: completions ${s.completions} and parallelism ${s.parallelism} must both be SHARDS (${shards})`);
  need(Number.isInteger(s.backoffLimitPerIndex), "Job dockside-load: no backoffLimitPerIndex");
  const failIndex = (s.podFailurePolicy?.rules ?? []).find((r) => r.action === "FailIndex" && r.onExitCodes?.operator === "In");
  need(failIndex && [1, 2].every((c) => failIndex.onExitCodes.values.includes(c)),
    "Job dockside-load: podFailurePolicy must end an index without retry on exit 1 (a verdict) and 2 (could not run)");
  const spread = (s.template?.spec?.topologySpreadConstraints ?? []).find((t) => t.topologyKey === "kubernetes.io/hostname");
  need(spread, "Job dockside-load: pods are not spread over nodes (topologySpreadConstraints on kubernetes.io/hostname)");
  need(!spread || spread.nodeTaintsPolicy === "Honor",
    "Job dockside-load: the spread must have nodeTaintsPolicy: Honor, or a tainted node (a control plane) counts as an empty domain and keeps pods Pending");
  need(merge.spec?.backoffLimit === 0, "Job dockside-merge: backoffLimit must be 0 (a verdict is given once)");

  for (const job of [load, merge]) {
    for (const container of containersOf(job)) {
      const where = `Job ${job.metadata.name} container ${container.name}`;
      const args = container.args ?? [];
      const known = variablesOf(job, container, objects);
      for (const arg of args)
        for (const [, name] of String(arg).matchAll(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g))
          need(known.has(name), `${where}: $(${name}) is defined nowhere (Kubernetes would pass it on literally)`);
      need(!args.some((a) => a === "--token" || a === "--client-secret" || /^--(token|client-secret)=/.test(a)),
        `${where}: a secret on the command line; it comes from the Secret's file (DOCKSIDE_TOKEN_FILE)`);
      for (const volume of job.spec.template.spec.volumes ?? []) {
        if (!volume.persistentVolumeClaim) continue;
        const claim = objects.find((o) => o.kind === "PersistentVolumeClaim" && o.metadata?.name === volume.persistentVolumeClaim.claimName);
        need(claim?.spec?.accessModes?.includes("ReadWriteMany"),
          `${where}: volume ${volume.name} is not a ReadWriteMany claim of these manifests: pods on other nodes could not share it`);
      }
    }
  }
  const loadArgs = containersOf(load)[0]?.args ?? [];
  need(loadArgs[0] === "load", "Job dockside-load: the container's first argument must be the subcommand load");
  need(loadArgs.includes("--start-at"), "Job dockside-load: no --start-at: the shards would not share one schedule");
  need(!loadArgs.includes("--threshold"), "Job dockside-load: thresholds are judged once, on the merged result, not per pod");
  const mergeArgs = containersOf(merge)[0]?.args ?? [];
  need(mergeArgs[0] === "merge", "Job dockside-merge: the container's first argument must be the subcommand merge");
  need(!objects.some((o) => o.kind === "Secret"), "a Secret in the manifests: secrets are created apart, never committed");
  return problems;
}

/**
 * The Kubernetes release from which each field or value the manifests may use is served by default (beta
 * or GA): what an older API server would drop or refuse. The minimum the manifests need is the newest of
 * those they use.
 */
const FEATURES = [
  ["spec.suspend", "1.22", (job) => job.spec?.suspend !== undefined],
  ["spec.completionMode: Indexed", "1.22", (job) => job.spec?.completionMode === "Indexed"],
  ["spec.podFailurePolicy", "1.26", (job) => job.spec?.podFailurePolicy !== undefined],
  ["topologySpreadConstraints nodeTaintsPolicy", "1.26",
    (job) => (job.spec?.template?.spec?.topologySpreadConstraints ?? []).some((t) => t.nodeTaintsPolicy !== undefined)],
  ["spec.backoffLimitPerIndex", "1.29", (job) => job.spec?.backoffLimitPerIndex !== undefined],
  ["podFailurePolicy action FailIndex", "1.29",
    (job) => (job.spec?.podFailurePolicy?.rules ?? []).some((r) => r.action === "FailIndex")],
];
const olderThan = (a, b) => {
  const [am, an] = a.split(".").map(Number), [bm, bn] = b.split(".").map(Number);
  return am < bm || (am === bm && an < bn);
};

/** The minimum Kubernetes version run-load states and enforces (`minimum_kubernetes=1.29`). */
export function statedMinimum(dir) {
  const text = fs.readFileSync(path.join(dir, "run-load"), "utf8");
  const m = /^minimum_kubernetes=(\d+\.\d+)$/m.exec(text);
  if (!m) throw new Error(`${path.join(dir, "run-load")}: no minimum_kubernetes=MAJOR.MINOR`);
  return m[1];
}

/** The Jobs' fields that need a newer Kubernetes than `minimum`, and the kustomization not saying it. */
export function versionProblems(objects, minimum, dir) {
  const problems = [];
  for (const job of objects.filter((o) => o.kind === "Job"))
    for (const [feature, since, used] of FEATURES)
      if (used(job) && olderThan(minimum, since))
        problems.push(`Job ${job.metadata.name}: ${feature} needs Kubernetes ${since}, but run-load states ${minimum} as the minimum`);
  if (!fs.readFileSync(path.join(dir, "kustomization.yaml"), "utf8").includes(`Kubernetes ${minimum} or later`))
    problems.push(`kustomization.yaml does not say "Kubernetes ${minimum} or later" (run-load's minimum_kubernetes)`);
  return problems;
}

const help = (dockside, args) => execFileSync(dockside, [...args, "--help"], { encoding: "utf8" });

/** The subcommands `dockside --help` lists (its "Subcommands:" section). */
export function subcommandsOf(dockside) {
  const section = help(dockside, []).split(/^Subcommands:$/m)[1] ?? "";
  return new Set([...section.matchAll(/^ {2}([a-z][\w-]*) /gm)].map((m) => m[1]));
}

/** The long and short flags `dockside SUBCOMMAND --help` lists (`dockside --help`'s for ""). */
export function flagsOf(dockside, subcommand) {
  return new Set([...help(dockside, subcommand ? [subcommand] : []).matchAll(/(?<![\w-])(--?[A-Za-z][\w-]*)/g)].map((m) => m[1]));
}

/** The command lines of the Jobs' containers, for flagProblems: [{where, args}]. */
export function jobCommandLines(objects) {
  return objects.filter((o) => o.kind === "Job").flatMap((job) =>
    containersOf(job).map((container) => ({ where: `Job ${job.metadata.name} container ${container.name}`, args: container.args ?? [] })));
}

/**
 * Every subcommand and flag of `lines` ([{where, args}], args after `dockside`: the Jobs' containers, the
 * CI files' scripts) that dockside's own --help does not list.
 */
export function flagProblems(lines, dockside) {
  const problems = [];
  const subcommands = subcommandsOf(dockside);
  const flags = new Map();
  for (const { where, args } of lines) {
    const subcommand = /^-/.test(args[0] ?? "-") ? "" : args[0];
    if (subcommand && !subcommands.has(subcommand)) {
      problems.push(`${where}: dockside has no subcommand ${subcommand} (\`dockside --help\` lists them)`);
      continue;
    }
    if (!flags.has(subcommand)) flags.set(subcommand, flagsOf(dockside, subcommand));
    const known = flags.get(subcommand);
    for (const arg of subcommand ? args.slice(1) : args) {
      if (!/^-./.test(arg)) continue;
      const flag = arg.split("=")[0];
      if (!known.has(flag)) problems.push(`${where}: \`dockside ${subcommand ? subcommand + " " : ""}--help\` lists no ${flag}`);
    }
  }
  return problems;
}
