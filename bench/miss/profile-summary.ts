/**
 * Top frames of a V8 `.cpuprofile` (node --cpu-prof): self time per function and inclusive time
 * per function (each function counted once per sample, however deep it recurses), as shares of
 * the profiled time. Usage: node --import tsx bench/miss/profile-summary.ts <file> [top] [from to]
 * where from and to (µs on the profile's monotonic clock, as bench/push.ts prints its phases)
 * keep only the samples taken between them.
 */
import { readFileSync } from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  timeDeltas: number[];
}

const [file = '', topText = '25', fromText, toText] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) {
  for (const child of node.children ?? []) {
    parent.set(child, node.id);
  }
}

const label = ({ functionName, url, lineNumber }: Frame) => {
  const short = url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*wt-miss\//, '');
  return `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
};

/** Where a frame's code lives: a package, a folder of ours, node itself, or the VM. */
const areaOf = ({ url, functionName }: Frame) => {
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) {
    return pkg[1] as string;
  }
  const ours = url.match(/wt-miss\/((?:src|rest|app)\/[^/]+)/);
  if (ours) {
    return ours[1] as string;
  }
  if (url.startsWith('node:')) {
    return 'node internals';
  }
  return functionName || '(vm)';
};

const self = new Map<string, number>();
const areas = new Map<string, number>();
const inclusive = new Map<string, number>();
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const stackOf = (sample: number): Frame[] => {
  const frames: Frame[] = [];
  for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
    const frame = byId.get(id)?.callFrame;
    if (frame) {
      frames.push(frame);
    }
  }
  return frames;
};
// Start-up (module loading) is not the miss path: count from the first request Fastify handles.
const firstRequest = profile.samples.findIndex((s) =>
  stackOf(s).some((f) => f.url.includes('node_modules/fastify/')),
);
const takenAt: number[] = [];
let clock = profile.startTime;
for (const delta of profile.timeDeltas) {
  clock += delta;
  takenAt.push(clock);
}
const from = fromText === undefined ? Number.NEGATIVE_INFINITY : Number(fromText);
const to = toText === undefined ? Number.POSITIVE_INFINITY : Number(toText);
let busy = 0;
let sampled = 0;
for (const [index, sample] of profile.samples.entries()) {
  const at = takenAt[index] ?? 0;
  if (index < firstRequest || at < from || at > to) {
    continue;
  }
  sampled += 1;
  const leaf = byId.get(sample);
  if (!leaf || leaf.callFrame.functionName === '(idle)') {
    continue;
  }
  busy += 1;
  bump(self, label(leaf.callFrame));
  bump(areas, areaOf(leaf.callFrame));
  const seen = new Set(stackOf(sample).map(label));
  for (const key of seen) {
    bump(inclusive, key);
  }
}

const top = Number(topText);
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${busy} busy samples)`);
  for (const [key, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * n) / busy).toFixed(1).padStart(5)}%  ${key}`);
  }
};
console.log(`busy in ${sampled} samples: ${((100 * busy) / Math.max(sampled, 1)).toFixed(1)}%`);
print('self time by area', areas);
print('self', self);
print('inclusive', inclusive);
