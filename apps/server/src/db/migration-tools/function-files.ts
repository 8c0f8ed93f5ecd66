import fs from 'node:fs';
import path from 'node:path';
import { ruleValues } from './rules';

/** One function or trigger as a function file defines it. */
export interface FileObject {
  kind: 'function' | 'trigger';
  name: string;
  /** The trigger's table; undefined for functions. */
  table?: string;
  /** The file (name only) that defines it. */
  file: string;
  /** The statement with its placeholders rendered and its leading comments left out. */
  sql: string;
}

export const BREAKPOINT = '--> statement-breakpoint';

const FUNCTION_HEAD = /^CREATE\s+OR\s+REPLACE\s+FUNCTION\s+(?:public\.)?(\w+)\s*\(/i;
const TRIGGER_HEAD = /^CREATE\s+TRIGGER\s+(\w+)\s[\s\S]*?\sON\s+(?:public\.)?(\w+)\s/i;

/** Replaces each `{{NAME}}` by its rule value; an unknown name is an error. */
export function renderPlaceholders(
  text: string,
  file: string,
  values: Readonly<Record<string, string>> = ruleValues,
): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(
        `${file}: unknown placeholder {{${name}}} (known: ${Object.keys(values).join(', ')})`,
      );
    }
    return value;
  });
}

/** The statement without the comment lines and blank lines before it. */
function withoutLeadingComments(chunk: string): string {
  const lines = chunk.split('\n');
  while (lines.length > 0 && /^\s*(--.*)?$/.test(lines[0]!)) lines.shift();
  return lines.join('\n').trim();
}

/** The objects of one file, in the file's order. */
export function parseFunctionFile(file: string, text: string): FileObject[] {
  const rendered = renderPlaceholders(text.replace(/\r\n/g, '\n'), file);
  const objects: FileObject[] = [];
  for (const chunk of rendered.split(BREAKPOINT)) {
    const sql = withoutLeadingComments(chunk);
    if (sql === '') continue;
    const fn = FUNCTION_HEAD.exec(sql);
    const trigger = TRIGGER_HEAD.exec(sql);
    if (fn) objects.push({ kind: 'function', name: fn[1]!, file, sql });
    else if (trigger) {
      objects.push({ kind: 'trigger', name: trigger[1]!, table: trigger[2]!, file, sql });
    } else {
      throw new Error(
        `${file}: only CREATE OR REPLACE FUNCTION and CREATE TRIGGER statements belong in a ` +
          `function file (separated by "${BREAKPOINT}"); found: ${sql.split('\n')[0]}`,
      );
    }
  }
  if (objects.length === 0) throw new Error(`${file}: defines no function or trigger`);
  return objects;
}

const mentions = (sql: string, name: string) => new RegExp(`\\b${name}\\b`).test(sql);

/**
 * Functions first, each after the functions it calls (SQL-language bodies are checked when they
 * are created), then the triggers; otherwise by file name and the order inside the file.
 */
function inInstallOrder(objects: FileObject[]): FileObject[] {
  const functions = objects.filter((o) => o.kind === 'function');
  const ordered: FileObject[] = [];
  const visiting = new Set<FileObject>();
  const visit = (o: FileObject) => {
    if (ordered.includes(o)) return;
    if (visiting.has(o)) throw new Error(`${o.file}: ${o.name} calls itself through others`);
    visiting.add(o);
    for (const dep of functions) if (dep !== o && mentions(o.sql, dep.name)) visit(dep);
    visiting.delete(o);
    ordered.push(o);
  };
  functions.forEach(visit);
  return [...ordered, ...objects.filter((o) => o.kind === 'trigger')];
}

/** Every function and trigger of the function files in `dir`, in the order to install them. */
export function readFunctionFiles(dir: string): FileObject[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const objects = files.flatMap((file) =>
    parseFunctionFile(file, fs.readFileSync(path.join(dir, file), 'utf8')),
  );
  const seen = new Map<string, string>();
  for (const o of objects) {
    const key = `${o.kind} ${o.name}`;
    const other = seen.get(key);
    if (other) throw new Error(`${key} is defined twice: in ${other} and in ${o.file}`);
    seen.set(key, o.file);
  }
  return inInstallOrder(objects);
}
