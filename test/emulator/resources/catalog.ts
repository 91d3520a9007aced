import { badRequest, notFound } from '../errors';
import type { RequestContext, Router } from '../router';
import { listReply } from '../readings';

// Read-only catalog data (DECISIONS.md, "Catalog"): device models, step function
// parameters, agent configuration per node label. Lookups match names exactly (case counts).

/** A query parameter that must be present and non-empty (400 otherwise). */
function requiredQuery(c: RequestContext, name: string): string {
  const value = c.query.get(name);
  if (value === null || value.trim() === '') throw badRequest(`Query parameter '${name}' is required`);
  return value;
}

export function registerCatalog(r: Router): void {
  r.add('GET', '/api/v2/devicemodels', (c) =>
    listReply(
      c,
      c.emu.store.deviceModels
        .all()
        .sort((a, b) => a.id - b.id)
        .map((m) => ({ id: m.id, name: m.name, manufacturer: m.manufacturer, platformName: m.platformName })),
    ),
  );

  r.add('GET', '/api/v2/functionparams', (c) => {
    const name = requiredQuery(c, 'function');
    const fn = c.emu.store.functions.find((f) => f.name === name);
    if (!fn) throw notFound(`Function '${name}' was not found`);
    return fn;
  });

  r.add('GET', '/api/v2/agentconfig', (c) => {
    const label = requiredQuery(c, 'label');
    // Own keys only, so a label such as 'constructor' is not found on the prototype.
    if (!Object.hasOwn(c.emu.store.agentConfigs, label)) throw notFound(`No agent configuration for label '${label}'`);
    return c.emu.store.agentConfigs[label];
  });
}
