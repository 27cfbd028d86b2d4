import { spawn } from "node:child_process";

/** Runs a command to completion; rejects with its combined output when it fails. */
export function runCommand(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) return resolvePromise();
      const text = Buffer.concat(output).toString("utf8").trim();
      reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`}):\n${text}`));
    });
  });
}
