// What `npm test` needs beyond node_modules: a Chromium for the browser tests and Lighthouse (Debian's
// package, never a downloaded browser) and openssl for the Web Push tests' local HTTPS endpoint. Found where it is;
// installed with apt-get where it is missing and this machine can (root, or password-less sudo); otherwise the
// tests that need it say why they cannot run. Debian's chromium-headless-shell too, for most browser tests, where apt
// can install it. Returns the paths and what was installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** The browser at the path the environment names, else the first of `paths` that exists; null for none. */
function findBrowser(envName, paths) {
  const configured = process.env[envName];
  if (configured && existsSync(configured)) return configured;
  return paths.find((path) => existsSync(path)) ?? null;
}

const findChromium = () => findBrowser('CHROME_PATH', CHROMIUM_PATHS);

const HEADLESS_SHELL_PATHS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];

const findHeadlessShell = () => findBrowser('E2E_CHROME_PATH', HEADLESS_SHELL_PATHS);

/** apt-get as root, or through sudo without a password; null where neither works. */
function aptRunner() {
  if (!onPath('apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  if (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return null;
}

let aptUpdated = false;
function aptInstall(runner, packages) {
  const run = (args) => {
    const [command, ...rest] = [...runner, ...args];
    return spawnSync(command, rest, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  if (!aptUpdated) {
    run(['apt-get', 'update', '-qq']);
    aptUpdated = true;
  }
  return run(['apt-get', 'install', '-y', '-qq', ...packages]).status === 0;
}

/**
 * Finds or installs what the tests need. `{ chromium, installed, missing }`: the browser's path (null when there is
 * none), what this call installed, and what is still missing with the reason.
 */
export function ensurePrerequisites() {
  const installed = [];
  const missing = [];
  const runner = aptRunner();
  let chromium = findChromium();
  if (!chromium) {
    if (runner && aptInstall(runner, ['chromium'])) {
      chromium = findChromium();
      if (chromium) installed.push(`Debian's chromium (${chromium})`);
    }
    if (!chromium)
      missing.push(runner ? 'chromium: apt-get could not install it' : 'chromium: not found, and apt-get needs root');
  }
  // The browser tests run most specs on the headless shell, a third less CPU than the whole browser (optional: without
  // it they run on chromium).
  let headlessShell = findHeadlessShell();
  if (!headlessShell && runner && aptInstall(runner, ['chromium-headless-shell'])) {
    headlessShell = findHeadlessShell();
    if (headlessShell) installed.push(`Debian's chromium-headless-shell (${headlessShell})`);
  }
  if (!onPath('openssl')) {
    if (runner && aptInstall(runner, ['openssl']) && onPath('openssl')) installed.push('openssl');
    else missing.push('openssl: not found');
  }
  return { chromium, headlessShell, installed, missing };
}
