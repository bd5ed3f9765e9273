import type { EngineService } from '../../../../contract/economics.js';
import type { Database } from '../../db/client.js';
import { recordFailed, recordReturned, settleCall } from '../../economics/call-records.js';
import type { SettingsCache } from '../../economics/engine-settings.js';
import { findModel, providerOf } from '../../economics/model-registry.js';
import { exhaustedProviders, warnOnSpend } from '../../economics/spend.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { EngineError, type StagingEngine } from '../engines/engine.js';
import { providerWaitMs } from '../provider-budget.js';
import { routedEngine, type ModelRoute, type RoutedEngine } from './routed-engine.js';

/**
 * Which engine a run calls (issue 38, decision 054): the operator's choice for the run's service,
 * read from the settings cache when the run starts, so a change applies to the next run of every
 * process. Providers whose spending limit is used up are left out, or stop the run when the
 * operator did not allow falling back (no credit is taken: the run is refunded, and the request
 * that would start one is refused before it reserves anything).
 */
export const BUDGET_REACHED_MESSAGE =
  'Staging is paused for now: the spending limit for our AI provider has been reached. No credit was used; please try again later.';

export class ProviderBudgetReached extends EngineError {
  constructor() {
    super(BUDGET_REACHED_MESSAGE, 'permanent');
    this.name = 'ProviderBudgetReached';
  }
}

export interface RunRouting {
  runId: string | null;
  service: EngineService;
  plan: string;
  /** The job's `send`: the 80 % spending mail goes through the outbox. */
  send?: JobQueue['send'];
}

export interface ModelRouterDeps {
  db: Database;
  settings: SettingsCache;
  /** The process's engine for a model (built once, with the provider's request budget). */
  engineOf(modelId: string): StagingEngine;
  /** Can this server call the model's provider (a key is configured)? */
  usable(modelId: string): boolean;
  /** Tests and benchmarks: the one engine (`engineOf` answers it) for every run, whatever is chosen; still recorded and budgeted. */
  fixed?: StagingEngine;
  patienceMs: number;
  adminUrl: string;
}

export interface ModelRouter {
  forRun(run: RunRouting): Promise<RoutedEngine>;
  /** False when the service's models' spending limits stop new runs (checked before a credit is reserved). */
  admits(service: EngineService): Promise<boolean>;
  /**
   * Whether furniture removal can run now: a model the operator chose for it (primary or fallback,
   * decision 054) can empty a room and this server can call its provider. Follows the runtime choice,
   * not STAGING_ENGINE (issue 38); the preview engine cannot (decision 027).
   */
  canDeclutter(): Promise<boolean>;
  /** The same router with every model's engine passed through `wrap` once (the process's engine slots). */
  wrapped(wrap: (engine: StagingEngine) => StagingEngine): ModelRouter;
}

export function createModelRouter(deps: ModelRouterDeps): ModelRouter {
  /** The run's models in order, without those whose provider's spending limit is used up; none: the run stops. */
  const modelsFor = async (service: EngineService) => {
    const settings = await deps.settings.current();
    const choice = settings.choice(service);
    const ids = deps.fixed ? [deps.fixed.name] : [...new Set([choice.primary, ...choice.fallbacks])].filter((id, i) => i === 0 || deps.usable(id));
    const exhausted = await exhaustedProviders(deps.db, settings, [...new Set(ids.map(providerOf))]);
    const primary = providerOf(ids[0]!);
    const open = ids.filter((id) => !exhausted.has(providerOf(id)));
    const stopped = !open.length || (exhausted.has(primary) && !settings.limit(primary)?.fallbackWhenReached);
    return { settings, choice, ids: stopped ? [] : open };
  };

  const make = (engineOf: (id: string) => StagingEngine): ModelRouter => ({
    async forRun(run) {
      const { settings, choice, ids } = await modelsFor(run.service);
      if (!ids.length) throw new ProviderBudgetReached();
      const routes: ModelRoute[] = ids.map((modelId) => ({ modelId, provider: providerOf(modelId), engine: engineOf(modelId) }));
      const facts = (report: { route: ModelRoute; strict: boolean; input: { width?: number; height?: number }; latencyMs: number }) => ({
        runId: run.runId,
        service: run.service,
        plan: run.plan,
        provider: report.route.provider,
        modelId: report.route.modelId,
        strict: report.strict,
        input: report.input,
        latencyMs: report.latencyMs,
        currency: findModel(report.route.modelId)?.currency ?? 'USD',
      });
      return routedEngine(
        routes,
        {
          async returned(report, outputs) {
            const price = settings.priceMicros(report.route.modelId);
            const ids = await recordReturned(deps.db, facts(report), price, outputs);
            if (price > 0 && run.send) await warnOnSpend(deps.db, run.send, report.route.provider, settings, deps.adminUrl);
            return ids;
          },
          failed: (report, error) => recordFailed(deps.db, facts(report), error.message),
          waitMs: (provider) => providerWaitMs(deps.db, provider),
          settle: (callId, outcome, reason) => settleCall(deps.db, callId, outcome, reason),
        },
        { patienceMs: deps.patienceMs, fallbackOnRefusal: choice.fallbackOnRefusal },
      );
    },
    async admits(service) {
      return (await modelsFor(service)).ids.length > 0;
    },
    async canDeclutter() {
      if (deps.fixed) return Boolean(deps.fixed.canDeclutter);
      const choice = (await deps.settings.current()).choice('removal');
      return [choice.primary, ...choice.fallbacks].some((id) => deps.usable(id) && Boolean(findModel(id)?.canDeclutter));
    },
    wrapped(wrap) {
      const wrappedEngines = new Map<string, StagingEngine>();
      return make((id) => {
        let engine = wrappedEngines.get(id);
        if (!engine) wrappedEngines.set(id, (engine = wrap(engineOf(id))));
        return engine;
      });
    },
  });
  return make(deps.engineOf);
}
