/**
 * `npm run bench -- lock`: the geometry lock on generated cases with known answers
 * (server/test/support/geometry-lock/lock-cases.ts): per case the lock time, the delivered image's PSNR
 * against the original outside the added objects (after its own JPEG encode, q 92), the share of the
 * added pixels kept, and the verdict; then totals; then the lock time for a 12 MP photo (a corpus
 * photo and its furnished answer upscaled to 4000×3000, median of 5), including drawing the composite
 * at full resolution (raw pixels), which the lock leaves to finishing since decision 020.
 * `BENCH_LOCK_SHOTS=<dir>` also writes original | answer | delivered | mask side by side per case.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { lockResult } from '../server/src/staging/geometry-lock/lock.js';
import { type LockOutcome } from '../server/src/staging/geometry-lock/lock-result.js';
import { decodeRgb } from '../server/test/support/geometry-lock/drift.js';
import { lockCases, type LockCase } from '../server/test/support/geometry-lock/lock-cases.js';
import { surfaceCases } from '../server/test/support/geometry-lock/surface-cases.js';
import { deliveredJpeg, keptShare, maskCoverage, psnrOutside } from '../server/test/support/geometry-lock/lock-quality.js';
import { median, note, printLoad, report } from './lib/harness.js';

const MIN_PSNR = 40;
const MIN_KEPT = 0.95;

export default async function lockBenchmark(): Promise<void> {
  printLoad();
  const shots = process.env.BENCH_LOCK_SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const cases = await lockCases();
  await lockResult(cases[0].original, cases[0].result); // loads OpenCV, warms up
  let right = 0;
  let qualityOk = 0;
  let qualityCases = 0;
  const times: number[] = [];
  for (const c of cases) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const outcome = await lockAndDraw(c.original, c.result);
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    times.push(ms);
    const verdictRight = outcome.verdict === c.expected;
    if (verdictRight) right++;
    const parts = [`${ms.toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`, `verdict ${outcome.verdict} (expected ${c.expected})`];
    if (outcome.verdict === 'refused') parts.push(`reasons ${outcome.reasons.join('+')}`);
    parts.push(`figures err ${outcome.figures.alignmentErrorPx} px, changed ${(outcome.figures.changedShare * 100).toFixed(1)} %, lines ${outcome.figures.architectureScore}`);
    if (outcome.verdict === 'locked') {
      const delivered = await deliveredJpeg(outcome);
      const original = await decodeRgb(c.original);
      if (c.truth) {
        qualityCases++;
        const psnr = psnrOutside(delivered, original, c.truth.added);
        const kept = keptShare(delivered, original, c.truth.furnished, c.truth.added, c.truth.inAnswer);
        if (psnr >= MIN_PSNR && kept >= MIN_KEPT) qualityOk++;
        parts.push(`PSNR outside added ${psnr.toFixed(1)} dB`, `added kept ${(kept * 100).toFixed(1)} %`);
      }
      if (c.furnitureBoxes) {
        const cover = await Promise.all(c.furnitureBoxes.map((b) => maskCoverage(outcome.changeMask, b)));
        parts.push(`furniture boxes in mask ${cover.map((v) => `${(v * 100).toFixed(0)} %`).join(', ')}`);
      }
    }
    console.log(`${c.name}: ${parts.join(' | ')}${verdictRight ? '' : ' | WRONG VERDICT'}`);
    if (shots) await sideBySide(c, outcome, path.join(shots, `${slug(c.name)}.png`));
  }
  report({ figure: 'lock verdicts right', value: `${right}/${cases.length}`, comparison: 'cases', comparisonValue: String(cases.length), ratio: right / cases.length, target: 'all', pass: right === cases.length });
  report({ figure: 'pasted-furniture cases with PSNR ≥ 40 dB outside and ≥ 95 % kept', value: `${qualityOk}/${qualityCases}`, comparison: 'cases', comparisonValue: String(qualityCases), ratio: qualityOk / Math.max(1, qualityCases), target: 'all', pass: qualityOk === qualityCases });
  note(`lock time per case at corpus size (~1-1.5 MP): median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
  await twelveMegapixels(cases.find((c) => c.truth && c.name.startsWith('corpus') && c.name.includes('1024×1536'))!);
  await surfaceMode(shots);
}

/** The lock's surface mode (renovation, decision 062) on its generated cases: verdicts and restored surfaces. */
export async function surfaceMode(shots: string | undefined): Promise<void> {
  const cases = await surfaceCases();
  let right = 0;
  for (const c of cases) {
    const start = performance.now();
    const outcome = await lockResult(c.original, c.result, { mode: 'surface', renovation: c.choice });
    const restored = outcome.figures.restoredSurfaces ?? [];
    const ok = outcome.verdict === c.expected && (outcome.verdict === 'refused' || restored.join() === (c.restored ?? []).join());
    if (ok) right++;
    const reasons = outcome.verdict === 'refused' ? ` reasons ${outcome.reasons.join('+')}` : '';
    console.log(`surface: ${c.name}: ${(performance.now() - start).toFixed(0)} ms | verdict ${outcome.verdict} (expected ${c.expected})${reasons} | lines ${outcome.figures.architectureScore}, new lines ${outcome.figures.newLines ?? 0}, restored ${restored.join('+') || '–'}${ok ? '' : ' | WRONG'}`);
    if (shots) await sideBySide({ name: c.name, expected: c.expected, original: c.original, result: c.result }, outcome, path.join(shots, `surface-${slug(c.name)}.png`));
  }
  report({ figure: 'surface-mode verdicts right', value: `${right}/${cases.length}`, comparison: 'cases', comparisonValue: String(cases.length), ratio: right / cases.length, target: 'all', pass: right === cases.length });
}

async function twelveMegapixels(c: LockCase): Promise<void> {
  // The corpus photo is portrait: 3000×4000 is the same 12 MP as 4000×3000.
  const original = await sharp(c.original).resize(3000, 4000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
  const times: number[] = [];
  let verdict = '';
  const cpuTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const outcome = await lockAndDraw(original, c.result);
    times.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    verdict = outcome.verdict;
  }
  note(`CPU time of the process per 12 MP lock (all threads, libvips included): median ${median(cpuTimes).toFixed(0)} ms`);
  note(`12 MP original (3000×4000 JPEG) with a ${(await sharp(c.result).metadata()).width}×${(await sharp(c.result).metadata()).height} model answer; verdict ${verdict}; runs ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  const m = median(times);
  // Issue #29: the lock may take up to 2 s on a 12 MP photo (the provider call before it takes 10–60 s).
  report({ figure: 'lock time, 12 MP photo (median of 5)', value: `${(m / 1000).toFixed(2)} s`, comparison: 'target', comparisonValue: '2.00 s', ratio: m / 2000, target: '≤ 2.0 s', pass: m <= 2000 });
}

/** The lock, and for a locked result its composite drawn at full resolution (raw pixels), as the lock did before decision 020. */
async function lockAndDraw(original: Buffer, result: Buffer): Promise<LockOutcome> {
  const outcome = await lockResult(original, result);
  if (outcome.verdict === 'locked') await (await outcome.composite.render()).raw().toBuffer();
  return outcome;
}

async function sideBySide(c: LockCase, outcome: LockOutcome, file: string): Promise<void> {
  const meta = await sharp(c.original).rotate().metadata();
  const w = 520;
  const h = Math.round((w * meta.autoOrient.height) / meta.autoOrient.width);
  const fit = (image: Sharp) => image.resize(w, h, { fit: 'fill' }).removeAlpha().png().toBuffer();
  const tiles = [await fit(sharp(c.original).rotate()), await fit(sharp(c.result).rotate())];
  if (outcome.verdict === 'locked') {
    tiles.push(await fit(sharp(await (await outcome.composite.render()).png().toBuffer())), await fit(sharp(outcome.changeMask)));
  }
  await sharp({ create: { width: tiles.length * w + (tiles.length - 1) * 8, height: h, channels: 3, background: '#ffffff' } })
    .composite(tiles.map((input, i) => ({ input, left: i * (w + 8), top: 0 })))
    .png()
    .toFile(file);
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
}
