import { describe, expect, it } from 'vitest';
import { createStagingEngine, type StagingEngineSettings } from './create-engine.js';

const base: StagingEngineSettings = { engine: 'offline', fixedLatencyMs: 10, timeoutMs: 1000 };

describe('createStagingEngine', () => {
  it('builds the chosen engine with the model in its name', () => {
    expect(createStagingEngine(base).name).toBe('offline');
    expect(createStagingEngine({ ...base, engine: 'fixed-latency' }).name).toBe('fixed-latency');
    expect(createStagingEngine({ ...base, engine: 'openai', openai: { apiKey: 'sk-test', model: 'gpt-image-1.5' } }).name).toBe('openai:gpt-image-1.5');
    expect(createStagingEngine({ ...base, engine: 'gemini', gemini: { apiKey: 'g', model: 'gemini-2.5-flash-image' } }).name).toBe('gemini:gemini-2.5-flash-image');
    expect(createStagingEngine({ ...base, engine: 'replicate', replicate: { apiToken: 'r', model: 'black-forest-labs/flux-kontext-pro' } }).name).toBe(
      'replicate:black-forest-labs/flux-kontext-pro',
    );
  });

  it('refuses a provider without its key, naming the variable', () => {
    expect(() => createStagingEngine({ ...base, engine: 'openai', openai: { model: 'gpt-image-1.5' } })).toThrow(/OPENAI_API_KEY/);
    expect(() => createStagingEngine({ ...base, engine: 'gemini' })).toThrow(/GEMINI_API_KEY/);
    expect(() => createStagingEngine({ ...base, engine: 'replicate', replicate: { apiToken: '  ', model: 'a/b' } })).toThrow(/REPLICATE_API_TOKEN/);
  });
});
