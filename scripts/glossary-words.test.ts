// The glossary holds for the names the code declares: no retired word in src or sw, and a price option is an
// option. The checker itself is shown failing on planted names, so a check that finds nothing cannot pass by
// reading nothing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile, retiredWords, typedWords, wordsOf } from './glossary-words';

const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const retired = retiredWords(doc);
const typed = typedWords(doc);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const check = (file: string, text: string) => checkFile(file, text, retired, typed).map((found) => found.name);

describe('the glossary over declared names', () => {
  it('reads the retired words and the typed words from docs/architecture.md', () => {
    expect(retired.map((word) => word.name)).toEqual(
      expect.arrayContaining(['agent', 'departDatetime', 'departure', 'pickupTime', 'PriceListItem', 'TRIP_PATHS']),
    );
    expect(retired.find((word) => word.name === 'agent')?.keptNames).toContain('userAgent');
    expect(retired.find((word) => word.name === 'departDatetime')?.keptFiles).toContain('src/app/features/booking/history.ts');
    expect(typed).toEqual([
      { types: ['PriceOption'], word: 'option' },
      { types: ['HourlyPriceOption'], word: 'option' },
    ]);
  });

  it('splits names into words, plurals as their singular', () => {
    expect(wordsOf('staffPaymentOf')).toEqual(['staff', 'payment', 'of']);
    expect(wordsOf('TRIP_PATHS')).toEqual(['trip', 'path']);
    expect(wordsOf('HourlyPriceItem')).toEqual(['hourly', 'price', 'item']);
    expect(wordsOf('parseHTMLAgents')).toEqual(['parse', 'html', 'agent']);
  });

  it('reports a retired word in any name the code declares', () => {
    const planted = [
      'export const agentTicketSchema = 1;',
      'function signInAgent(agents: string[]) {}',
      'interface AgentSession { agentId: number }',
      'type TicketsOfAgent = { departureTime: string };',
      'const { departDatetime } = stored;',
      'import { staffTicket as agentTicket } from "./x";',
      'const paths = { agentLogin: "/api/agent/login", pickupTime: 1 };',
      'export function TripsService() {}',
      'export type PriceListItem = { merged: number };',
    ].join('\n');
    expect(check('src/server/modules/partners/planted.ts', planted)).toEqual([
      'agentTicketSchema',
      'signInAgent',
      'agents',
      'AgentSession',
      'agentId',
      'TicketsOfAgent',
      'departureTime',
      'departDatetime',
      'agentTicket',
      'agentLogin',
      'pickupTime',
      'TripsService',
      'PriceListItem',
    ]);
  });

  it('keeps a retired word where the table keeps it, on the wire and in names the code did not choose', () => {
    const allowed = [
      'import { Agent } from "node:https";',
      'const userAgent = navigator.userAgent;',
      'const httpsAgent = new Agent();',
      'const body = { depart_time: "", pickup_time: "", "agentName": 1 };',
      'const path = "/api/agent/login";',
    ].join('\n');
    expect(check('src/server/planted.ts', allowed)).toEqual([]);
    const legacy = 'type Stored = { departDatetime?: string };\nconst { departDatetime, ...rest } = stored;';
    expect(check('src/app/features/booking/history.ts', legacy)).toEqual([]);
    expect(check('src/app/features/booking/other.ts', legacy)).toEqual(['departDatetime', 'departDatetime']);
  });

  it('names a value of a price option type an option', () => {
    const planted = [
      'function choose(item: PriceOption) {}',
      'const priced: HourlyPriceOption[] = [];',
      'interface Props { entry: Pick<PriceOption, "merged"> | null; option: PriceOption }',
      'function fine(option: PriceOption, options: PriceOption[], pricedOptions: HourlyPriceOption[]): PriceOption {}',
      'const rideSteps: KindSteps<BookingRequest, PriceOption> = steps;',
    ].join('\n');
    expect(check('src/app/features/pricing/planted.tsx', planted)).toEqual(['item', 'priced', 'entry']);
  });

  it('finds none in src and sw', { timeout: 60_000 }, () => {
    const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'sw'))];
    expect(files.length).toBeGreaterThan(300);
    const findings = files.flatMap((path) => {
      const file = relative(root, path).split('\\').join('/');
      return checkFile(file, readFileSync(path, 'utf8'), retired, typed).map(
        (found) => `${found.file}:${found.line} ${found.name} (${found.rule})`,
      );
    });
    expect(findings).toEqual([]);
  });
});
