import type { ChildProcess } from 'node:child_process';

export function percentile(values: number[], p: number): number | null;

export interface HealthPoller {
  child: ChildProcess;
  ready: Promise<void>;
  stop(): Promise<{ times: number[]; compressed: number }>;
}

export function pollHealth(base: string): HealthPoller;
