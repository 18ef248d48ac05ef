/**
 * A small JSON Schema (2020-12 subset) validator for the OpenAPI document's schemas: type, const, enum,
 * properties/required/additionalProperties, items/prefixItems, min/max (items, length, value), pattern, oneOf, anyOf, $ref.
 */
type Schema = Record<string, unknown>;

export function validate(value: unknown, schema: Schema, root: Schema, path = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Schema)[key], root);
    return validate(value, target as Schema, root, path);
  }
  const errors: string[] = [];
  if (Array.isArray(schema.oneOf)) {
    const passing = (schema.oneOf as Schema[]).filter((s) => validate(value, s, root, path).length === 0).length;
    if (passing !== 1) errors.push(`${path}: matches ${passing} of oneOf`);
    return errors;
  }
  if (Array.isArray(schema.anyOf)) {
    if (!(schema.anyOf as Schema[]).some((s) => validate(value, s, root, path).length === 0)) errors.push(`${path}: matches none of anyOf`);
    return errors;
  }
  if ('const' in schema && value !== schema.const) errors.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in enum`);
  const type = schema.type as string | undefined;
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (type) {
    const ok = type === 'integer' ? Number.isInteger(value) : type === 'number' ? typeof value === 'number' && Number.isFinite(value) : actual === type;
    if (!ok) return [...errors, `${path}: expected ${type}, got ${actual}`];
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${path}: below minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${path}: above maximum`);
  }
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) errors.push(`${path}: does not match ${schema.pattern}`);
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) errors.push(`${path}: too short`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) errors.push(`${path}: too long`);
    if (schema.format === 'uri' && !URL.canParse(value)) errors.push(`${path}: not a URI`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) errors.push(`${path}: too few items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) errors.push(`${path}: too many items`);
    const prefix = (schema.prefixItems as Schema[] | undefined) ?? [];
    value.forEach((item, i) => {
      const s = prefix[i] ?? (schema.items as Schema | undefined);
      if (s) errors.push(...validate(item, s, root, `${path}[${i}]`));
    });
  }
  if (actual === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const key of (schema.required as string[] | undefined) ?? []) if (!(key in obj)) errors.push(`${path}: missing ${key}`);
    for (const [key, v] of Object.entries(obj)) {
      if (props[key]) errors.push(...validate(v, props[key], root, `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property ${key}`);
      else if (typeof schema.additionalProperties === 'object') errors.push(...validate(v, schema.additionalProperties as Schema, root, `${path}.${key}`));
    }
  }
  return errors;
}
