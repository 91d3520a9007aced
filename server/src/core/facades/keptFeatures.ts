import type { CompletionData } from '../language/completion';
import type { HoverData, HoverTarget } from '../language/hover';
import type { HintNames } from '../language/referenceNavigation';
import { asOfWords, type Kept, type KeptEnvironment } from '../liveChecks/keptLists';
import type { ReferenceKind } from '../model/entityKinds';

// While the service cannot be reached, completion, hover and inlay hints use the lists last read
// (liveChecks/keptLists.ts), each marked with the time it was read. Only what the service could
// not give is taken from them; a record they lack is "not verified", never "not found".

/** What completion needs of the kept lists. */
interface Needs {
  stepFunction?: string;
  functionNames?: boolean;
  apiClients?: boolean;
  reference?: { kind: ReferenceKind };
}

/** The completion data with what the service could not give taken from the kept lists, and their time. */
export function keptCompletion(kept: KeptEnvironment, needs: Needs, data: CompletionData): CompletionData {
  const used: number[] = [];
  const take = <T>(have: T | undefined, k: Kept<T> | undefined, wanted: boolean): T | undefined => {
    if (have !== undefined || !k || !wanted) return have;
    used.push(k.at);
    return k.items;
  };
  const kind = needs.reference?.kind;
  const functions = [...(kept.functions?.values() ?? [])].sort((a, b) => a.items.name.localeCompare(b.items.name));
  const out: CompletionData = {
    ...data,
    devices: take(data.devices, kept.devices, kind === 'mobileDevice'),
    traceFilters: take(data.traceFilters, kept.traceFilters, kind === 'traceFilter'),
    apiClients: take(data.apiClients, kept.apiClients, needs.apiClients === true),
    stepFunction: take(
      data.stepFunction,
      needs.stepFunction === undefined ? undefined : kept.functions?.get(needs.stepFunction),
      true,
    ),
    // The service's own answer was empty (every name failed): the functions last described stand in.
    functions: data.functions?.length
      ? data.functions
      : (take(
          undefined,
          functions.length
            ? { at: Math.min(...functions.map((f) => f.at)), items: functions.map((f) => f.items) }
            : undefined,
          needs.functionNames === true,
        ) ?? data.functions),
  };
  return used.length ? { ...out, asOf: asOfWords(Math.min(...used)) } : out;
}

/** The hover's record from the kept lists; false when they lack it (the hover then says "not verified"). */
export function keptHover(kept: KeptEnvironment, target: HoverTarget, data: HoverData): boolean {
  const found = (k: Kept<unknown> | undefined): boolean => {
    if (k) data.asOf = asOfWords(k.at);
    return k !== undefined;
  };
  switch (target.kind) {
    case 'stepFunction': {
      const f = kept.functions?.get(target.name);
      data.stepFunction = f?.items;
      return found(f);
    }
    case 'mobileDevice': {
      const d = kept.devices?.items.get(target.id);
      data.device = d;
      return found(d && kept.devices);
    }
    case 'traceFilter': {
      const f = kept.traceFilters?.items.get(target.id);
      data.traceFilter = f;
      return found(f && kept.traceFilters);
    }
    case 'apiClient': {
      const a = kept.apiClients?.items.get(target.id);
      data.apiClient = a;
      return found(a && kept.apiClients);
    }
    default:
      return false;
  }
}

/** The hints' names with the lists the service could not give taken from the kept ones, and their time. */
export function keptNames(kept: KeptEnvironment, names: HintNames): HintNames {
  const used: number[] = [];
  const take = <T>(have: T | undefined, k: Kept<T> | undefined): T | undefined => {
    if (have !== undefined || !k) return have;
    used.push(k.at);
    return k.items;
  };
  const out: HintNames = {
    devices: take(names.devices, kept.devices),
    traceFilters: take(names.traceFilters, kept.traceFilters),
    apiClients: take(names.apiClients, kept.apiClients),
  };
  return used.length ? { ...out, asOf: asOfWords(Math.min(...used)) } : out;
}
