// A container of the rendered manifests run as a local process, the way the kubelet would start it:
// its environment from its ConfigMaps and env entries (plus JOB_COMPLETION_INDEX for an Indexed Job's
// pod), $(NAME) in its arguments expanded from that environment, and each volume mount a local folder.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Kubernetes' expansion: $(NAME) from `env`, $$ for a literal $, an unknown $(NAME) left as written. */
export function expand(text, env) {
  return String(text).replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name) =>
    whole === "$$" ? "$" : name in env ? env[name] : whole);
}

/**
 * The process a pod of `job` would run: {args, env, mounts}. `index` is its completion index; `volumes`
 * maps a volume's claim or secret name to a local folder (`{claims: {name: dir}, secrets: {name: dir}}`),
 * and every mount path in the arguments and environment is rewritten to it.
 */
export function podProcess(job, objects, { index, volumes }) {
  const spec = job.spec.template.spec;
  const [container] = spec.containers;
  const env = {};
  for (const from of container.envFrom ?? []) {
    const map = objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === from.configMapRef.name);
    if (!map) throw new Error(`${job.metadata.name}: no ConfigMap ${from.configMapRef.name}`);
    Object.assign(env, map.data);
  }
  for (const e of container.env ?? []) {
    if (e.value === undefined) throw new Error(`${job.metadata.name}: env ${e.name} is not a plain value`);
    env[e.name] = expand(e.value, env);
  }
  if (job.spec.completionMode === "Indexed") env.JOB_COMPLETION_INDEX = String(index);
  const mounts = [];
  for (const mount of container.volumeMounts ?? []) {
    const volume = spec.volumes.find((v) => v.name === mount.name);
    const local = volume.persistentVolumeClaim ? volumes.claims[volume.persistentVolumeClaim.claimName]
      : volume.secret ? volumes.secrets[volume.secret.secretName] : undefined;
    if (!local) throw new Error(`${job.metadata.name}: no local folder for volume ${mount.name}`);
    mounts.push([mount.mountPath, local]);
  }
  const localised = (text) => mounts.reduce((t, [from, to]) => (t.startsWith(from) ? to + t.slice(from.length) : t), text);
  for (const key of Object.keys(env)) env[key] = localised(env[key]);
  const args = (container.args ?? []).map((a) => localised(expand(a, env)));
  return { args, env };
}

/** Runs `binary args` with exactly `env` (and PATH); resolves {code, output}. Bounded by `limitMs`. */
export function run(binary, { args, env }, { limitMs = 120000, log } = {}) {
  return new Promise((resolve) => {
    const child = spawn(binary, args, { env: { PATH: process.env.PATH, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (log) fs.writeFileSync(log, output);
      resolve({ code: code ?? 128, signal, output });
    });
  });
}

export const folder = (...parts) => {
  const dir = path.join(...parts);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};
