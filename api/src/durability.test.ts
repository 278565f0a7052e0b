import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endDateOf, projectListSchema } from '@trek/shared/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  runApiEntry,
  seedSessions,
  startApiProcess,
} from './testing/api-process.js';
import { createProjectBody, wizardAnswers } from './testing/project-bodies.js';
import { TEST_ORIGIN } from './testing/test-api.js';

/**
 * Issue 16, points 4 and 7: the API as a real process on a data folder on disk. Killed under
 * writes, it restarts on the same folder with every answered write; stopped with SIGTERM it
 * finishes what it started and takes nothing new; a backup taken while it runs restores.
 */

const dirs: string[] = [];
const running: ApiProcess[] = [];
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'trek-durability-'));
  dirs.push(dir);
  return dir;
}
async function start(dir: string) {
  const api = await startApiProcess(dir);
  running.push(api);
  return api;
}
afterEach(async () => {
  for (const api of running.splice(0)) {
    if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
    await api.exited;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A trek request starting `days` from today (the real API checks dates against its clock). */
function requestStarting(days: number) {
  const start = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  // The wizard's end date: the start plus the duration's 3 nights.
  const end = endDateOf(start, '4 days / 3 nights');
  const dates = {
    flexible: false,
    flexibilityWindowDays: null,
    start,
    end,
    baseDate: start,
  };
  return createProjectBody({
    startDate: start,
    endDate: end,
    formData: wizardAnswers({ dates }),
  });
}

function call(api: ApiProcess, cookie: string, method: string, path: string, body?: unknown) {
  return fetch(`${api.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

async function projectsOf(api: ApiProcess, cookie: string) {
  const res = await call(api, cookie, 'GET', '/api/projects?limit=100');
  expect(res.status).toBe(200);
  return projectListSchema.parse(await res.json());
}

describe('crash and restart', () => {
  it('loses no answered create or edit when the API is killed (SIGKILL) under writes', async () => {
    const dir = dataDir();
    const cookies = await seedSessions(
      dir,
      Array.from({ length: 5 }, (_, i) => `writer-${i}@example.com`),
    );
    const first = await start(dir);

    /** Per project: the group size last answered 200, and the one in flight (may have landed). */
    const edits = new Map<string, { acked: number; inFlight: number | null }>();
    const created: Array<{ cookie: string; id: string }> = [];
    let stop = false;
    const writer = async (cookie: string, w: number) => {
      for (let i = 0; !stop; i += 1) {
        try {
          const res = await call(
            first,
            cookie,
            'POST',
            '/api/projects',
            requestStarting(30 + w * 60 + i),
          );
          if (res.status !== 201) throw new Error(`create answered ${res.status}`);
          const { id } = (await res.json()) as { id: string };
          created.push({ cookie, id });
          edits.set(id, { acked: 2, inFlight: null });
          for (const size of [3, 4]) {
            const edit = edits.get(id);
            if (!edit || stop) break;
            edit.inFlight = size;
            const patched = await call(first, cookie, 'PATCH', `/api/projects/${id}`, {
              groupSize: String(size),
            });
            if (patched.status !== 200) throw new Error(`edit answered ${patched.status}`);
            edit.acked = size;
            edit.inFlight = null;
          }
        } catch (error) {
          // Refused connections and cut answers once the process is gone are expected.
          if (!stop) throw error;
        }
      }
    };
    const writers = cookies.map((cookie, w) => writer(cookie, w));
    // Killed mid-stream, once a fair number of writes were answered.
    while (created.length < 15) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(await first.exited).toBeNull();

    const second = await start(dir);
    expect(await (await fetch(`${second.url}/health`)).json()).toEqual({ status: 'ok' });
    for (const cookie of cookies) {
      const stored = await projectsOf(second, cookie);
      const ids = stored.map((p) => p.id);
      expect(new Set(ids).size, 'no project twice').toBe(ids.length);
      for (const { id } of created.filter((c) => c.cookie === cookie)) {
        const project = stored.find((p) => p.id === id);
        expect(project, `answered create ${id}`).toBeDefined();
        const edit = edits.get(id);
        const allowed = [edit?.acked, edit?.inFlight].filter((n) => n != null);
        expect(allowed, `answered edit of ${id}`).toContain(project?.groupSize);
      }
    }
  }, 180_000);

  it('finishes requests in flight on SIGTERM, takes no new one, and exits cleanly', async () => {
    const dir = dataDir();
    const [cookie = ''] = await seedSessions(dir, ['draining@example.com']);
    const api = await start(dir);
    const body = JSON.stringify(requestStarting(45));
    const { port } = new URL(api.url);

    // A create whose body is still arriving when the signal comes.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/projects',
          headers: {
            cookie,
            origin: TEST_ORIGIN,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += String(chunk);
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 40));
      setTimeout(() => {
        api.child.kill('SIGTERM');
        // Once the API stops listening, a new request is refused.
        const refused = async () => {
          for (let i = 0; i < 50; i += 1) {
            try {
              const res = await fetch(`${api.url}/health`);
              if (res.status === 503) return true;
            } catch {
              return true;
            }
            await new Promise((r) => setTimeout(r, 50));
          }
          return false;
        };
        refused().then((wasRefused) => {
          expect(wasRefused, 'a new request after SIGTERM is refused').toBe(true);
          req.end(body.slice(40));
        }, reject);
      }, 300);
    });
    const { status, text } = await answer;
    expect(status, text).toBe(201);
    expect(await api.exited).toBe(0);

    const again = await start(dir);
    const stored = await projectsOf(again, cookie);
    expect(stored.map((p) => p.id)).toEqual([(JSON.parse(text) as { id: string }).id]);
  }, 180_000);
});

describe('backup and restore of the embedded database', () => {
  function runCli(entry: string, args: string[], dir: string) {
    const child = runApiEntry(entry, args, { DATA_DIR: dir });
    let output = '';
    child.stdout?.on('data', (c) => {
      output += String(c);
    });
    child.stderr?.on('data', (c) => {
      output += String(c);
    });
    return new Promise<{ code: number | null; output: string }>((resolve) =>
      child.once('exit', (code) => resolve({ code, output })),
    );
  }

  it('takes a snapshot while the API runs, and brings exactly it back', async () => {
    const dir = dataDir();
    const [cookie = ''] = await seedSessions(dir, ['backed-up@example.com']);
    const api = await start(dir);
    const kept = await call(api, cookie, 'POST', '/api/projects', requestStarting(40));
    expect(kept.status).toBe(201);
    const { id: keptId } = (await kept.json()) as { id: string };

    const file = join(dir, 'snapshot.tar.gz');
    const backup = await runCli('src/cli/backup.ts', [file], dir);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written: ${file}`);

    const later = await call(api, cookie, 'POST', '/api/projects', requestStarting(41));
    expect(later.status).toBe(201);
    // Refused while the API holds the folder.
    const early = await runCli('src/cli/restore.ts', [file], dir);
    expect(early.code).toBe(1);
    expect(early.output).toContain('in use by another API process');

    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    const restore = await runCli('src/cli/restore.ts', [file], dir);
    expect(restore.code, restore.output).toBe(0);

    const restored = await start(dir);
    expect((await projectsOf(restored, cookie)).map((p) => p.id)).toEqual([keptId]);
  }, 180_000);
});
