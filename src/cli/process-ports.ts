import type { HttpPort, SpawnPort } from '../core/context.js';
import { lazyRequire } from '../core/lazy-require.js';

type ChildProcessModule = typeof import('node:child_process');
type FsModule = typeof import('node:fs');
type HttpModule = typeof import('node:http');
type PathModule = typeof import('node:path');

/**
 * The ports notifications use (docs/notify.md), built from what cli/main.ts reads of `process`:
 * one POST, a program run with input, and this CLI started again in the background. Each
 * module is loaded on first use, so a run that notifies nobody pays nothing for them.
 */
export function processHttp(): HttpPort {
  return {
    post(url, headers, body, timeoutMs) {
      return new Promise((resolve) => {
        const parsed = new URL(url);
        const mod = lazyRequire<HttpModule>(parsed.protocol === 'https:' ? 'node:https' : 'node:http');
        let done = false;
        const finish = (status: number) => {
          if (done) return;
          done = true;
          resolve(status);
        };
        try {
          const request = mod.request(
            parsed,
            {
              method: 'POST',
              headers: {
                ...headers,
                'content-type': 'application/json; charset=utf-8',
                'content-length': Buffer.byteLength(body),
              },
              timeout: timeoutMs,
            },
            (response) => {
              response.resume();
              response.on('end', () => finish(response.statusCode ?? 0));
              response.on('error', () => finish(0));
            },
          );
          request.on('timeout', () => {
            request.destroy();
            finish(0);
          });
          request.on('error', () => finish(0));
          request.end(body);
        } catch {
          finish(0);
        }
      });
    },
  };
}

export interface SelfCommand {
  /** The Node binary and the script that started this CLI (`process.execPath`, `process.argv[1]`). */
  execPath: string;
  script: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

export function processSpawn(self: SelfCommand): SpawnPort {
  const cp = () => lazyRequire<ChildProcessModule>('node:child_process');
  return {
    run(argv, input, timeoutMs) {
      return new Promise((resolve) => {
        let child: ReturnType<ChildProcessModule['spawn']>;
        try {
          child = cp().spawn(argv[0]!, argv.slice(1), {
            stdio: ['pipe', 'ignore', 'ignore'],
            env: self.env as NodeJS.ProcessEnv,
            timeout: timeoutMs,
          });
        } catch {
          resolve(null);
          return;
        }
        child.on('error', () => resolve(null));
        child.on('close', (code, signal) => resolve(signal === null ? code : null));
        child.stdin?.on('error', () => {});
        child.stdin?.end(input);
      });
    },
    has(program) {
      const { accessSync, constants } = lazyRequire<FsModule>('node:fs');
      const { delimiter, join } = lazyRequire<PathModule>('node:path');
      for (const dir of (self.env.PATH ?? '').split(delimiter)) {
        if (dir === '') continue;
        try {
          accessSync(join(dir, program), constants.X_OK);
          return true;
        } catch {}
      }
      return false;
    },
    detachSelf(args) {
      if (self.script === undefined) return;
      try {
        const child = cp().spawn(self.execPath, [self.script, ...args], {
          detached: true,
          stdio: 'ignore',
          env: self.env as NodeJS.ProcessEnv,
        });
        child.on('error', () => {});
        child.unref();
      } catch {}
    },
  };
}
