import { badRequest } from './errors';

/**
 * Typed reads of a JSON request body. A field of the wrong type is a 400 naming the field;
 * `null` counts as absent; fields the emulator does not know are ignored (DECISIONS.md, "Request bodies").
 */
export class Body {
  private constructor(
    readonly raw: Record<string, unknown>,
    private readonly where: string,
  ) {}

  static object(value: unknown, where: string): Body {
    if (value === undefined) throw badRequest(`${where}: a JSON object body is required`);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw badRequest(`${where}: the body must be a JSON object`);
    }
    return new Body(value as Record<string, unknown>, where);
  }

  /** An empty body reads as `{}`: for endpoints whose body is optional. */
  static optionalObject(value: unknown, where: string): Body {
    return value === undefined ? new Body({}, where) : Body.object(value, where);
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined && this.raw[name] !== null;
  }

  str(name: string, required: true): string;
  str(name: string, required?: boolean): string | undefined;
  str(name: string, required = false): string | undefined {
    return this.read(name, required, 'a string', (v) => typeof v === 'string') as string | undefined;
  }

  int(name: string, required: true): number;
  int(name: string, required?: boolean): number | undefined;
  int(name: string, required = false): number | undefined {
    return this.read(name, required, 'an integer', (v) => Number.isSafeInteger(v)) as number | undefined;
  }

  bool(name: string, required: true): boolean;
  bool(name: string, required?: boolean): boolean | undefined;
  bool(name: string, required = false): boolean | undefined {
    return this.read(name, required, 'true or false', (v) => typeof v === 'boolean') as boolean | undefined;
  }

  intArray(name: string, required: true): number[];
  intArray(name: string, required?: boolean): number[] | undefined;
  intArray(name: string, required = false): number[] | undefined {
    return this.read(
      name,
      required,
      'an array of integers',
      (v) => Array.isArray(v) && v.every((x) => Number.isSafeInteger(x)),
    ) as number[] | undefined;
  }

  strArray(name: string, required = false): string[] | undefined {
    return this.read(
      name,
      required,
      'an array of strings',
      (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
    ) as string[] | undefined;
  }

  objectArray(name: string, required = false): Record<string, unknown>[] | undefined {
    return this.read(name, required, 'an array of objects', (v) => Array.isArray(v) && v.every(isObject)) as
      Record<string, unknown>[] | undefined;
  }

  object(name: string, required = false): Record<string, unknown> | undefined {
    return this.read(name, required, 'an object', isObject) as Record<string, unknown> | undefined;
  }

  strMap(name: string, required = false): Record<string, string> | undefined {
    return this.read(
      name,
      required,
      'an object of string values',
      (v) => isObject(v) && Object.values(v).every((x) => typeof x === 'string'),
    ) as Record<string, string> | undefined;
  }

  /** A nested object read with the same rules, named for its errors. */
  nested(value: Record<string, unknown>, where: string): Body {
    return new Body(value, `${this.where}: ${where}`);
  }

  private read(name: string, required: boolean, expected: string, ok: (v: unknown) => boolean): unknown {
    const v = this.raw[name];
    if (v === undefined || v === null) {
      if (required) throw badRequest(`${this.where}: '${name}' is required`);
      return undefined;
    }
    if (!ok(v)) throw badRequest(`${this.where}: '${name}' must be ${expected}`);
    return v;
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
