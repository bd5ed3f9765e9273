/**
 * `npm run bench -- lock-real`: the geometry lock on the real before/after pairs of the shared corpus
 * (`../shared/corpus/real-pairs.json`, labelled `good` or `changed`), through the code path a staging
 * run takes after the engine answered: `lockResult` and, when locked, `finishResult` at the Business
 * plan's size. Per pair: verdict, reasons, alignment error, structure support, changed share, seam
 * figure, lock time; then the confusion table. `BENCH_LOCK_SHOTS=<dir>` (default
 * `.tmp/lock-real`) receives one PNG per pair: photo | model output | delivered | change mask.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { lockResult } from '../server/src/staging/geometry-lock/lock.js';
import { finishResult } from '../server/src/staging/result-image.js';
import { sharedCorpusDir } from '../server/test/support/corpus.js';
import { note, printLoad, repoRoot, report } from './lib/harness.js';

/**
 * Defect bounds (figures/defects.ts, decision 058): a few outline pixels meet a new edge by chance
 * (a shadow's rim, JPEG ringing); an object cut by the mask shows along a stretch of it. A window's
 * view delivered from the model beyond a sliver, or light patches, are defects.
 */
const MAX_CUT = 0.05;
const MAX_VIEW_REPLACED = 0.02;
const MAX_PATCHWORK = 0.002;

interface RealPair {
  id: string;
  before: string;
  after: string;
  label: 'good' | 'changed';
  reason: string;
}

export default async function lockRealBenchmark(): Promise<void> {
  const corpus = sharedCorpusDir();
  if (!corpus) {
    console.log('lock-real: ../shared/corpus/ not found next to the checkout; this benchmark needs the shared real pairs (see server/test/fixtures/corpus/README.md).');
    return;
  }
  printLoad();
  const shots = process.env.BENCH_LOCK_SHOTS ?? path.join(repoRoot, '.tmp', 'lock-real');
  mkdirSync(shots, { recursive: true });
  const only = process.env.BENCH_PAIRS?.split(',');
  const pairs = (JSON.parse(readFileSync(path.join(corpus, 'real-pairs.json'), 'utf8')) as { pairs: RealPair[] }).pairs.filter((p) => !only || only.includes(p.id));
  const table = { goodDelivered: 0, goodRefused: 0, changedRefused: 0, changedDelivered: 0 };
  let seamsOk = 0;
  let defectFree = 0;
  for (const pair of pairs) {
    const original = readFileSync(path.join(corpus, pair.before));
    const result = readFileSync(path.join(corpus, pair.after));
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const outcome = await lockResult(original, result);
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    const f = outcome.figures;
    const parts = [
      `${pair.label}`,
      `verdict ${outcome.verdict}${outcome.verdict === 'refused' ? ` (${outcome.reasons.join('+')})` : ''}`,
      `err ${f.alignmentErrorPx} px`,
      `support ${f.structureSupport ?? '-'}`,
      `changed ${(f.changedShare * 100).toFixed(1)} %`,
      `seam ${f.seam === undefined ? '-' : f.seam.toFixed(2)}`,
      `cut ${f.cutObjects === undefined ? '-' : (f.cutObjects * 100).toFixed(1) + ' %'}`,
      `view replaced ${f.viewReplaced === undefined ? '-' : (f.viewReplaced * 100).toFixed(1) + ' %'}`,
      `light patchwork ${f.lightPatchwork === undefined ? '-' : (f.lightPatchwork * 100).toFixed(2) + ' %'}`,
      `lock ${ms.toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`,
    ];
    let delivered: Buffer | undefined;
    if (outcome.verdict === 'locked') {
      delivered = (await finishResult(outcome.composite, 'business')).image;
      await sharp(delivered).toFile(path.join(shots, `${pair.id}-delivered.jpg`));
      if (pair.label === 'good') table.goodDelivered++;
      else table.changedDelivered++;
      if (f.seam !== undefined && f.seam <= 1) seamsOk++;
      if ((f.cutObjects ?? 0) <= MAX_CUT && (f.viewReplaced ?? 0) <= MAX_VIEW_REPLACED && (f.lightPatchwork ?? 0) <= MAX_PATCHWORK) defectFree++;
    } else if (pair.label === 'good') table.goodRefused++;
    else table.changedRefused++;
    const right = (outcome.verdict === 'locked') === (pair.label === 'good');
    console.log(`${pair.id}: ${parts.join(' | ')}${right ? '' : ' | WRONG'}`);
    await sideBySide(original, result, delivered, outcome.verdict === 'locked' ? outcome.changeMask : undefined, path.join(shots, `${pair.id}.png`));
  }
  console.log('\nconfusion (label → outcome):');
  console.log(`  good:    delivered ${table.goodDelivered}, refused ${table.goodRefused}`);
  console.log(`  changed: refused ${table.changedRefused}, delivered ${table.changedDelivered} (changes outside the added objects are restored to the photo)`);
  const good = table.goodDelivered + table.goodRefused;
  const changed = table.changedRefused + table.changedDelivered;
  report({ figure: 'good pairs delivered', value: `${table.goodDelivered}/${good}`, comparison: 'good pairs', comparisonValue: String(good), ratio: good ? table.goodDelivered / good : null, target: 'all', pass: table.goodDelivered === good });
  report({ figure: 'changed pairs refused', value: `${table.changedRefused}/${changed}`, comparison: 'changed pairs', comparisonValue: String(changed), ratio: changed ? table.changedRefused / changed : null, target: 'all', pass: table.changedRefused === changed });
  report({ figure: 'delivered images within the seam figure (≤ 1)', value: `${seamsOk}/${table.goodDelivered + table.changedDelivered}`, comparison: 'delivered', comparisonValue: String(table.goodDelivered + table.changedDelivered), ratio: null, target: 'all', pass: seamsOk === table.goodDelivered + table.changedDelivered });
  report({ figure: `delivered images without a measured defect (cut ≤ ${MAX_CUT * 100} %, view replaced ≤ ${MAX_VIEW_REPLACED * 100} %, light patchwork ≤ ${MAX_PATCHWORK * 100} %)`, value: `${defectFree}/${table.goodDelivered + table.changedDelivered}`, comparison: 'delivered', comparisonValue: String(table.goodDelivered + table.changedDelivered), ratio: null, target: 'all', pass: defectFree === table.goodDelivered + table.changedDelivered });
  note(`side-by-sides in ${shots}`);
}

/** photo | model output | delivered (or a grey "refused" panel) | change mask, each 640 px wide. */
async function sideBySide(original: Buffer, result: Buffer, delivered: Buffer | undefined, mask: Buffer | undefined, file: string): Promise<void> {
  const meta = await sharp(original).rotate().metadata();
  const w = 640;
  const h = Math.round((w * (meta.autoOrient?.height ?? meta.height!)) / (meta.autoOrient?.width ?? meta.width!));
  const panel = (b: Buffer | undefined, fill: number) =>
    b ? sharp(b).rotate().resize(w, h, { fit: 'fill' }).removeAlpha().toColourspace('srgb').png().toBuffer() : sharp({ create: { width: w, height: h, channels: 3, background: { r: fill, g: fill, b: fill } } }).png().toBuffer();
  const panels = await Promise.all([panel(original, 0), panel(result, 0), panel(delivered, 90), panel(mask, 0)]);
  await sharp({ create: { width: 4 * w + 30, height: h, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite(panels.map((input, i) => ({ input, left: i * (w + 10), top: 0 })))
    .png()
    .toFile(file);
}
