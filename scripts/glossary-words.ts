// The glossary of docs/architecture.md as a check over the names the code declares. Its "Retired words" table lists
// the words one concept no longer goes by; a name declared in TypeScript (a variable, function, parameter, type,
// property, import alias…) that holds one is reported, unless the table keeps it for that name or that file. And a
// value whose declared type is a glossary row's type (`PriceOption`) carries that row's word (`option`).
import ts from 'typescript';

export interface RetiredWord {
  /** The word as the table writes it (`departDatetime`), and the words it is made of (depart, datetime). */
  name: string;
  words: string[];
  /** Names that keep the word (`userAgent`), and files (paths from the repository's root) where it stays. */
  keptNames: string[];
  keptFiles: string[];
}

export interface TypedWord {
  /** The glossary's types for the concept (`PriceOption`) and the word a value of them is named with (`option`). */
  types: string[];
  word: string;
}

export interface Finding {
  file: string;
  line: number;
  name: string;
  rule: string;
}

/** The `code` spans of a table cell. */
const spans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** The rows of the first table under a heading that starts with `title`, as cells (header and rule rows left out). */
function tableRows(markdown: string, title: string): string[][] {
  const section = markdown.split(/^#{2,3} /m).find((part) => part.startsWith(title));
  if (!section) throw new Error(`docs/architecture.md has no "${title}" section`);
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  return lines.slice(2).map((line) => line.split('|').slice(1, -1));
}

/**
 * The words of a name, lower case and without a plural s: `staffPaymentOf` → staff, payment, of; `TRIP_PATHS` →
 * trip, path; `HourlyPriceItem` → hourly, price, item.
 */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_$]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase().replace(/(?<=.{3})s$/, ''));
}

const isPath = (span: string) => /\.(ts|tsx)$/.test(span);

export function retiredWords(markdown: string): RetiredWord[] {
  return tableRows(markdown, 'Retired words').flatMap((cells) => {
    const kept = spans(cells[2] ?? '');
    return spans(cells[0] ?? '').map((name) => ({
      name,
      words: wordsOf(name),
      keptNames: kept.filter((span) => !isPath(span)),
      keptFiles: kept.filter(isPath),
    }));
  });
}

/**
 * Glossary rows whose code names give the value's word (camelCase, `option`) and types that end in it (PascalCase,
 * `PriceOption`): a value of those types is that concept. (`StaffTicket` is a ticket, not a staff member.)
 */
export function typedWords(markdown: string): TypedWord[] {
  return tableRows(markdown, 'Glossary').flatMap((cells) => {
    const names = spans(cells[1] ?? '');
    const word = names.find((name) => /^[a-z][A-Za-z]*$/.test(name));
    if (!word) return [];
    const types = names.filter((name) => /^[A-Z][a-z][A-Za-z]*$/.test(name) && wordsOf(name).at(-1) === wordsOf(word).at(-1));
    return types.length > 0 ? [{ types, word }] : [];
  });
}

const holds = (words: string[], part: string[]) =>
  words.some((_, start) => part.every((word, index) => words[start + index] === word));

/** snake_case names are the wire's (JSON fields, columns, template parameters): they stay as the API has them. */
const isWireName = (name: string) => /^[a-z0-9]+(_[a-z0-9]+)+$/.test(name);

/** The name a node declares, if it declares one the code chose (not an import's own name, not a quoted key). */
function declaredName(node: ts.Node): ts.Identifier | undefined {
  if (ts.isImportSpecifier(node)) return node.propertyName ? node.name : undefined;
  if (ts.isImportClause(node) || ts.isNamespaceImport(node)) return undefined;
  if (ts.isShorthandPropertyAssignment(node)) return node.name;
  const name = (node as { name?: ts.Node }).name;
  const declares =
    ts.isVariableDeclaration(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isEnumMember(node) ||
    ts.isParameter(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isBindingElement(node) ||
    ts.isModuleDeclaration(node);
  return declares && name && ts.isIdentifier(name) ? name : undefined;
}

/** Generic types whose value is still a value of their argument (a `Pick<PriceOption, 'x'>` is an option). */
const VALUE_WRAPPERS = new Set(['Array', 'ReadonlyArray', 'Pick', 'Omit', 'Partial', 'Readonly', 'Required', 'NonNullable']);

/**
 * The type names a declared value is of (`PriceOption | null`, `Pick<PriceOption, 'x'>[]` → PriceOption, Pick); the
 * arguments of another generic (`KindSteps<Request, PriceOption>`: steps that take an option) are not the value's type.
 */
function typeNames(type: ts.TypeNode): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      found.push(node.typeName.text);
      if (!VALUE_WRAPPERS.has(node.typeName.text)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(type);
  return found;
}

/** The glossary's findings in one file: `file` is its path from the repository's root, `text` its source. */
export function checkFile(file: string, text: string, retired: RetiredWord[], typed: TypedWord[]): Finding[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const findings: Finding[] = [];
  const report = (node: ts.Node, name: string, rule: string) =>
    findings.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, name, rule });

  const visit = (node: ts.Node) => {
    const identifier = declaredName(node);
    if (identifier && !isWireName(identifier.text)) {
      const name = identifier.text;
      const words = wordsOf(name);
      for (const word of retired) {
        if (holds(words, word.words) && !word.keptNames.includes(name) && !word.keptFiles.includes(file)) {
          report(identifier, name, `retired word ${word.name}`);
        }
      }
      const type = (node as { type?: ts.TypeNode }).type;
      if (type && !ts.isFunctionLike(node)) {
        const mentioned = typeNames(type);
        for (const rule of typed) {
          if (rule.types.some((t) => mentioned.includes(t)) && !name.toLowerCase().includes(rule.word.toLowerCase())) {
            report(identifier, name, `a ${rule.types.join('/')} is named ${rule.word}`);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}
