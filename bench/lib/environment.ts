import { arch, cpus, platform } from 'node:os';
import type { BenchEnvironment } from './result';

export function benchEnvironment(): BenchEnvironment {
  const cores = cpus();
  return {
    node: process.version,
    platform: platform(),
    arch: arch(),
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cpus: cores.length,
  };
}
