// The vendored part of Gitea's swagger that the fuzz tests generate responses from (see extractSwaggerSubset.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Compiled to out/test/unit/hostile; the JSON stays next to the sources. */
export const SUBSET_PATH = join(__dirname, '..', '..', '..', '..', 'test', 'unit', 'hostile', 'swagger-subset.json');

export interface SchemaNode {
  type?: string;
  format?: string;
  enum?: unknown[];
  $ref?: string;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  required?: string[];
}

export interface SubsetOperation {
  method: string;
  /** Swagger path template under /api/v1, e.g. `/repos/{owner}/{repo}/branches`. */
  path: string;
  /** The success status real Gitea answers with. */
  status: number;
  parameters: { name: string; in: string; type: string; required: boolean }[];
  /** Response schema; null when the operation answers without a body. */
  schema: SchemaNode | null;
}

export interface SwaggerSubset {
  source: string;
  operations: Record<string, SubsetOperation>;
  definitions: Record<string, SchemaNode>;
}

let cached: SwaggerSubset | undefined;

export function loadSubset(): SwaggerSubset {
  cached ??= JSON.parse(readFileSync(SUBSET_PATH, 'utf8')) as SwaggerSubset;
  return cached;
}
