// Walks the JSON Schemas of our file formats by JSON path, for hovers, completion and
// "did you mean" (the validator itself is ajv; this only reads the schemas).

export type Schema = {
  $id?: string;
  $ref?: string;
  $defs?: Record<string, Schema>;
  type?: string | string[];
  description?: string;
  markdownDescription?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  examples?: unknown[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
  defaultSnippets?: { label?: string; description?: string; body: unknown }[];
  [key: string]: unknown;
};

export class SchemaSet {
  private readonly byId = new Map<string, Schema>();

  constructor(schemas: Schema[]) {
    for (const s of schemas) if (s.$id) this.byId.set(s.$id, s);
  }

  get(id: string): Schema | undefined {
    return this.byId.get(id);
  }

  /** Follows `$ref` (within a schema or across by `$id`) until a schema without one. */
  resolve(schema: Schema, base: Schema): { schema: Schema; base: Schema } {
    let s = schema;
    let b = base;
    for (let hops = 0; s.$ref && hops < 20; hops++) {
      const [file, pointer = ''] = s.$ref.split('#');
      if (file) b = this.byId.get(new URL(file, b.$id ?? 'https://tas.example/').href) ?? b;
      let target: unknown = b;
      for (const part of pointer.split('/').filter(Boolean)) {
        target = (target as Record<string, unknown> | undefined)?.[
          decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))
        ];
      }
      if (!target || typeof target !== 'object') break;
      const { $ref: _drop, ...rest } = s;
      s = { ...(target as Schema), ...(Object.keys(rest).length > 0 ? rest : {}) };
    }
    return { schema: s, base: b };
  }

  /** The schema for a path inside a document, or undefined where the schema says nothing. */
  at(root: Schema, path: readonly (string | number)[]): Schema | undefined {
    let { schema, base } = this.resolve(root, root);
    for (const seg of path) {
      const next = typeof seg === 'number' ? this.item(schema) : this.property(schema, base, seg);
      if (!next) return undefined;
      ({ schema, base } = this.resolve(next, base));
    }
    return this.merged(schema, base);
  }

  /** Property names a path's object may have. */
  propertiesAt(root: Schema, path: readonly (string | number)[]): Record<string, Schema> {
    return this.at(root, path)?.properties ?? {};
  }

  private item(schema: Schema): Schema | undefined {
    return schema.items ?? schema.allOf?.find((s) => s.items)?.items;
  }

  private property(schema: Schema, base: Schema, name: string): Schema | undefined {
    const merged = this.merged(schema, base);
    const p = merged.properties?.[name];
    if (p) return p;
    return typeof merged.additionalProperties === 'object' ? merged.additionalProperties : undefined;
  }

  /** allOf parts folded into one view (properties and required lists joined). */
  private merged(schema: Schema, base: Schema): Schema {
    if (!schema.allOf) return schema;
    let out: Schema = { ...schema, properties: { ...schema.properties } };
    for (const part of schema.allOf) {
      const r = this.merged(this.resolve(part, base).schema, base);
      out = {
        ...r,
        ...out,
        properties: { ...r.properties, ...out.properties },
        required: [...(r.required ?? []), ...(out.required ?? [])],
      };
    }
    return out;
  }
}
