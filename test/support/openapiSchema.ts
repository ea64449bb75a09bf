// Checks a JSON body against a schema of the mirror node's openapi.yml (OpenAPI 3.0), so tests can
// hold what they build or receive to the documented format. It implements the keywords that file
// uses (type, nullable, enum, format int32/int64, pattern, min/maxLength, minimum/maximum, items,
// properties, required, additionalProperties, allOf, oneOf, anyOf, local $ref); a keyword it does
// not know fails loudly rather than passing silently. `strict` also refuses members no schema
// declares (the spec leaves objects open, so this is stricter than the spec, on purpose).
import * as fs from 'fs';
import * as path from 'path';
import { load } from 'js-yaml';
import { sharedRoot } from './paths';

type Schema = Readonly<Record<string, unknown>>;

const ANNOTATIONS = new Set([
  'description',
  'example',
  'examples',
  'title',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
]);
const CHECKED = new Set([
  '$ref',
  'type',
  'nullable',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'items',
  'properties',
  'required',
  'additionalProperties',
  'allOf',
  'oneOf',
  'anyOf',
]);

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function openApiFile(): string {
  return path.join(sharedRoot(), 'fixtures', 'mirror-node', 'openapi.yml');
}

export class OpenApiSchemas {
  private constructor(private readonly schemas: Readonly<Record<string, Schema>>) {}

  static load(file = openApiFile()): OpenApiSchemas {
    const doc = load(fs.readFileSync(file, 'utf8'));
    const schemas = isRecord(doc) && isRecord(doc['components']) ? doc['components']['schemas'] : undefined;
    if (!isRecord(schemas)) throw new Error(`${file}: no components.schemas`);
    return new OpenApiSchemas(schemas as Record<string, Schema>);
  }

  has(name: string): boolean {
    return isRecord(this.schemas[name]);
  }

  /** The problems of `value` against `#/components/schemas/<name>`, each with its JSON path; none: valid. */
  validate(name: string, value: unknown, options: { strict?: boolean } = {}): string[] {
    const problems: string[] = [];
    this.check(this.named(name), value, '$', problems, options.strict === true);
    return problems;
  }

  private named(name: string): Schema {
    const schema = this.schemas[name];
    if (!isRecord(schema)) throw new Error(`openapi.yml has no schema ${name}`);
    return schema;
  }

  private resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; typeof current['$ref'] === 'string'; hops++) {
      const ref = current['$ref'];
      const m = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
      if (m === null || hops > 32) throw new Error(`unsupported $ref ${ref}`);
      // OpenAPI 3.0 ignores a $ref's siblings.
      current = this.named(m[1]);
    }
    return current;
  }

  /** Every property name the schema declares, through $ref and allOf. */
  private declared(schema: Schema): Set<string> {
    const s = this.resolve(schema);
    const names = new Set(isRecord(s['properties']) ? Object.keys(s['properties']) : []);
    if (Array.isArray(s['allOf'])) {
      for (const part of s['allOf'] as Schema[]) for (const n of this.declared(part)) names.add(n);
    }
    return names;
  }

  /** `open`: members this level does not declare are another allOf part's business. */
  private check(schema: Schema, value: unknown, at: string, problems: string[], strict: boolean, open = false): void {
    const s = this.resolve(schema);
    for (const key of Object.keys(s)) {
      if (!ANNOTATIONS.has(key) && !CHECKED.has(key)) throw new Error(`unsupported schema keyword ${key} at ${at}`);
    }
    if (value === null) {
      if (s['nullable'] !== true && s['type'] !== undefined) problems.push(`${at}: null, but not nullable`);
      if (s['type'] !== undefined || s['nullable'] === true) return;
    }
    if (Array.isArray(s['allOf'])) {
      for (const part of s['allOf'] as Schema[]) this.check(part, value, at, problems, strict, true);
    }
    this.checkAlternatives(s, value, at, problems);
    if (Array.isArray(s['enum']) && !(s['enum'] as unknown[]).includes(value)) {
      problems.push(`${at}: ${JSON.stringify(value)} is not one of ${(s['enum'] as unknown[]).join(', ')}`);
    }
    switch (s['type']) {
      case undefined:
        break;
      case 'string':
        this.checkString(s, value, at, problems);
        break;
      case 'integer':
      case 'number':
        this.checkNumber(s, value, at, problems);
        break;
      case 'boolean':
        if (typeof value !== 'boolean') problems.push(`${at}: ${typeof value}, not a boolean`);
        break;
      case 'array':
        if (!Array.isArray(value)) problems.push(`${at}: not an array`);
        else if (isRecord(s['items']))
          value.forEach((v, i) => this.check(s['items'] as Schema, v, `${at}[${i}]`, problems, strict));
        break;
      case 'object':
        this.checkObject(s, value, at, problems, strict, open);
        break;
      default:
        throw new Error(`unsupported type ${String(s['type'])} at ${at}`);
    }
    if (strict && !open && s['type'] === undefined && Array.isArray(s['allOf']) && isRecord(value)) {
      const declared = this.declared(s);
      for (const key of Object.keys(value)) if (!declared.has(key)) problems.push(`${at}.${key}: not in the schema`);
    }
  }

  private checkAlternatives(s: Schema, value: unknown, at: string, problems: string[]): void {
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const options = s[keyword];
      if (!Array.isArray(options)) continue;
      const passing = (options as Schema[]).filter(o => {
        const found: string[] = [];
        this.check(o, value, at, found, false);
        return found.length === 0;
      }).length;
      if (keyword === 'oneOf' ? passing !== 1 : passing === 0) {
        problems.push(`${at}: matches ${passing} of the ${keyword} schemas`);
      }
    }
  }

  private checkString(s: Schema, value: unknown, at: string, problems: string[]): void {
    if (typeof value !== 'string') {
      problems.push(`${at}: ${typeof value}, not a string`);
      return;
    }
    if (typeof s['pattern'] === 'string' && !new RegExp(s['pattern'], 'u').test(value)) {
      problems.push(`${at}: ${JSON.stringify(value)} does not match ${s['pattern']}`);
    }
    if (typeof s['minLength'] === 'number' && value.length < s['minLength'])
      problems.push(`${at}: shorter than ${s['minLength']}`);
    if (typeof s['maxLength'] === 'number' && value.length > s['maxLength'])
      problems.push(`${at}: longer than ${s['maxLength']}`);
  }

  private checkNumber(s: Schema, value: unknown, at: string, problems: string[]): void {
    const numeric = typeof value === 'number' || typeof value === 'bigint';
    if (!numeric || (typeof value === 'number' && !Number.isFinite(value))) {
      problems.push(`${at}: ${typeof value}, not a number`);
      return;
    }
    if (s['type'] === 'integer' && typeof value === 'number' && !Number.isInteger(value)) {
      problems.push(`${at}: ${value} is not an integer`);
    }
    const big = typeof value === 'bigint' ? value : Number.isInteger(value) ? BigInt(value) : undefined;
    if (s['format'] === 'int32' && (big === undefined || big < INT32.min || big > INT32.max))
      problems.push(`${at}: not an int32`);
    if (s['format'] === 'int64' && (big === undefined || big < INT64.min || big > INT64.max))
      problems.push(`${at}: not an int64`);
    if (typeof s['minimum'] === 'number' && Number(value) < s['minimum']) problems.push(`${at}: below ${s['minimum']}`);
    if (typeof s['maximum'] === 'number' && Number(value) > s['maximum']) problems.push(`${at}: above ${s['maximum']}`);
  }

  private checkObject(s: Schema, value: unknown, at: string, problems: string[], strict: boolean, open: boolean): void {
    if (!isRecord(value)) {
      problems.push(`${at}: not an object`);
      return;
    }
    const properties = isRecord(s['properties']) ? (s['properties'] as Record<string, Schema>) : {};
    for (const key of Array.isArray(s['required']) ? (s['required'] as string[]) : []) {
      if (!(key in value)) problems.push(`${at}.${key}: required, missing`);
    }
    for (const [key, v] of Object.entries(value)) {
      const declared = properties[key];
      if (declared !== undefined) this.check(declared, v, `${at}.${key}`, problems, strict);
      else if (isRecord(s['additionalProperties']))
        this.check(s['additionalProperties'], v, `${at}.${key}`, problems, strict);
      else if (s['additionalProperties'] === false || (strict && !open))
        problems.push(`${at}.${key}: not in the schema`);
    }
  }
}
