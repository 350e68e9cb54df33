// Builds the list of common passwords that sign-up and password changes refuse: the 10,000 most common
// passwords of the frequency-ranked list in @zxcvbn-ts/language-common (MIT), lower-cased, keeping only those the
// spec 5 rule would otherwise accept (6 to 30 letters, digits and !@#$%^&*). The output is committed beside its
// attribution, so the server never reads node_modules for it.
// Usage: node scripts/build-common-passwords.mjs
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const TOP = 10_000;
const OUT_DIR = resolve('src/server/modules/accounts/data');
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@zxcvbn-ts/language-common/package.json'));
const ranked = JSON.parse(readFileSync(join(packageDir, 'src/passwords.json'), 'utf8'));
if (!Array.isArray(ranked) || ranked.length < TOP) throw new Error('the password list is not the expected ranked array');
const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;

const SPEC_RULE = /^[A-Za-z0-9!@#$%^&*]{6,30}$/;
const kept = [...new Set(ranked.slice(0, TOP).map((word) => String(word).toLowerCase()))].filter((word) => SPEC_RULE.test(word));
writeFileSync(join(OUT_DIR, 'common-passwords.json'), `[\n${kept.map((word) => JSON.stringify(word)).join(',\n')}\n]\n`);
writeFileSync(
  join(OUT_DIR, 'ATTRIBUTION.md'),
  `<!-- Written by scripts/build-common-passwords.mjs; run it again rather than editing this file. -->
# Attribution of the common password list

\`common-passwords.json\` holds the ${TOP.toLocaleString('en')} most common passwords of the frequency-ranked list
\`src/passwords.json\` of the npm package \`@zxcvbn-ts/language-common@${version}\` (https://github.com/zxcvbn-ts/zxcvbn),
lower-cased, of which the ${kept.length.toLocaleString('en')} that the spec's password rule (6 to 30 letters, digits and
!@#$%^&*) would otherwise accept are kept. That list derives from the password frequency lists of Dropbox's zxcvbn.

## Licence of the package (MIT), as it ships it

${readFileSync(join(packageDir, 'LICENSE.txt'), 'utf8').trim()}
`,
);
console.log(`common passwords: ${kept.length} of the top ${TOP} written to ${OUT_DIR}`);
